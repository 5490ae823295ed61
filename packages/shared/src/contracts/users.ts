import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { AdminUserRowSchema, AdminUsersPageSchema, AdminUsersQuerySchema, TradeUserSchema } from '../user.ts';

const UUID = z.uuid();

/**
 * The profile's `:id`, lowercased, or null when it is no id at all: a user asking for anyone but
 * themselves hears 403 whatever they asked for, and only an administrator learns that it names nobody.
 */
export const ProfileParamsSchema = z.object({
  id: z.string().transform((id) => (UUID.safeParse(id).success ? id.toLowerCase() : null)),
});

const userId = idParams(MESSAGES.userNotFound);
const AdminUserResponseSchema = z.object({ data: AdminUserRowSchema, message: z.string() });

export const userProfileRoute = defineRoute({
  method: 'GET',
  path: '/api/user/userprofile/:id',
  access: 'user',
  summary: 'A user record with its money figures: the signed-in user their own, an administrator any.',
  params: ProfileParamsSchema,
  response: z.object({ data: TradeUserSchema }),
});

export const allUsersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/getallusers',
  access: 'admin',
  permission: 'users.read',
  summary: 'One page of the active users, searched by name, e-mail or user name and sorted.',
  query: AdminUsersQuerySchema,
  response: AdminUsersPageSchema,
});

export const verifyUserRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/verifyUser/:id',
  access: 'admin',
  permission: 'users.manage',
  summary: 'Mark a user as verified.',
  params: userId,
  response: AdminUserResponseSchema,
});

export const suspendUserRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/suspendUser/:id',
  access: 'admin',
  permission: 'users.manage',
  summary: 'Suspend a user: their sessions answer 403 until they are unsuspended.',
  params: userId,
  response: AdminUserResponseSchema,
  isReauthRequired: true,
});

export const unsuspendUserRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/unsuspendUser/:id',
  access: 'admin',
  permission: 'users.manage',
  summary: 'Lift a suspension.',
  params: userId,
  response: AdminUserResponseSchema,
});

export const deleteUserRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/deleteOneUser/:id',
  access: 'admin',
  permission: 'users.manage',
  summary: 'Deactivate an account that holds no money and awaits no decision; its history stays.',
  params: userId,
  response: AdminUserResponseSchema,
  isReauthRequired: true,
});
