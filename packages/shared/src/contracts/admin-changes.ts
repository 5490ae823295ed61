import { z } from 'zod';
import { AdminChangeSchema } from '../admin-changes.ts';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';

const changeId = idParams(MESSAGES.adminChangeNotFound);

export const pendingAdminChangesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/pendingChanges',
  access: 'admin',
  permission: 'any',
  summary: 'Changes to where depositors pay that wait for a second administrator, oldest first.',
  response: z.object({ data: z.array(AdminChangeSchema) }),
});

export const approveAdminChangeRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/approve',
  access: 'admin',
  permission: 'any',
  summary: 'Approve and apply a change another administrator proposed.',
  params: changeId,
  response: MessageResponseSchema,
  isReauthRequired: true,
});

export const rejectAdminChangeRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/reject',
  access: 'admin',
  permission: 'any',
  summary: 'Reject a pending change; nothing is applied.',
  params: changeId,
  response: MessageResponseSchema,
});
