import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { SecurityEventSchema, SessionInfoSchema } from '../sessions.ts';
import { WithdrawalAddressBookSchema } from '../withdrawal-addresses.ts';

const SessionListSchema = z.object({ data: z.array(SessionInfoSchema) });
const userId = idParams(MESSAGES.userNotFound);

export const userSessionsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/sessions',
  access: 'user',
  summary: "The signed-in user's sessions (device, address, created, last seen), most recently used first.",
  response: SessionListSchema,
});

export const endUserSessionRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/sessions/:id',
  access: 'user',
  summary: 'Sign one of your own sessions out; it stops working at once, on every server.',
  params: idParams(MESSAGES.sessionNotFound),
  response: MessageResponseSchema,
});

export const endOtherSessionsRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/sessions',
  access: 'user',
  summary: 'Sign out everywhere else: every session of the account ends except the one making the request.',
  response: MessageResponseSchema,
});

export const adminUserSessionsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/users/:id/sessions',
  access: 'admin',
  permission: 'users.read',
  summary: "A user's sessions, most recently used first.",
  params: userId,
  response: SessionListSchema,
});

export const adminEndUserSessionsRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/users/:id/sessions',
  access: 'admin',
  permission: 'users.manage',
  summary: 'End every session of a user; audited, and the user is e-mailed.',
  params: userId,
  response: MessageResponseSchema,
});

export const adminUserAddressesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/users/:id/addresses',
  access: 'admin',
  permission: 'users.read',
  summary: "A user's withdrawal address book, and whether their withdrawals are locked.",
  params: userId,
  response: WithdrawalAddressBookSchema,
});

export const adminUserSecurityEventsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/users/:id/securityEvents',
  access: 'admin',
  permission: 'users.read',
  summary:
    "A user's latest sign-in attempts and the administrators' security acts on the account, newest first.",
  params: userId,
  response: z.object({ data: z.array(SecurityEventSchema) }),
});
