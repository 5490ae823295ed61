import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { AdminUserRowSchema } from '../user.ts';

export const SetAdministratorRoleRequestSchema = z.object({
  isAdmin: z.boolean({ message: MESSAGES.administratorRoleChoice }),
  /** The acting administrator's current password. */
  password: z
    .string({ message: MESSAGES.passwordWrong })
    .max(200, MESSAGES.passwordWrong)
    .default('')
    .pipe(z.string().min(1, MESSAGES.administratorRoleNeedsPassword)),
});

export const setAdministratorRoleRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/users/:id/role',
  access: 'admin',
  permission: 'staff.manage',
  summary:
    "Grant or revoke the administrator role of a verified account (the acting administrator's password required); audited, the account is e-mailed, and the last administrator stays.",
  params: idParams(MESSAGES.userNotFound),
  body: SetAdministratorRoleRequestSchema,
  response: z.object({ data: AdminUserRowSchema, message: z.string() }),
  isReauthRequired: true,
});
