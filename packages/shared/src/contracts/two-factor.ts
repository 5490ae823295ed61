import { z } from 'zod';
import {
  AdminSecuritySchema,
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  LoginEventSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../account.ts';
import { defineRoute, idParams, MessageResponseSchema, pageOf } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { PageQuerySchema } from '../user.ts';

const userId = idParams(MESSAGES.userNotFound);
const RecoveryCodesResponseSchema = z.object({
  data: z.object({ recoveryCodes: z.array(z.string()) }),
  message: z.string(),
});

export const twoFactorStatusRoute = defineRoute({
  method: 'GET',
  path: '/api/user/2fa',
  access: 'user',
  summary: 'Whether two-factor sign-in is on, and how many recovery codes are left.',
  response: z.object({ data: TwoFactorStatusSchema }),
});

export const startTwoFactorSetupRoute = defineRoute({
  method: 'POST',
  path: '/api/user/2fa/setup',
  access: 'user',
  summary: 'A new authenticator secret and its QR code, in force once confirmed with a code.',
  response: z.object({ data: TwoFactorSetupSchema }),
});

export const enableTwoFactorRoute = defineRoute({
  method: 'POST',
  path: '/api/user/2fa/enable',
  access: 'user',
  summary: 'Turn two-factor sign-in on with the password and a code; answers the recovery codes once.',
  body: EnableTwoFactorRequestSchema,
  response: RecoveryCodesResponseSchema,
});

export const disableTwoFactorRoute = defineRoute({
  method: 'POST',
  path: '/api/user/2fa/disable',
  access: 'user',
  summary: 'Turn two-factor sign-in off with the password and a code.',
  body: DisableTwoFactorRequestSchema,
  response: MessageResponseSchema,
});

export const renewRecoveryCodesRoute = defineRoute({
  method: 'POST',
  path: '/api/user/2fa/recoveryCodes',
  access: 'user',
  summary: 'Replace the recovery codes; the old ones stop working.',
  body: DisableTwoFactorRequestSchema,
  response: RecoveryCodesResponseSchema,
});

export const loginHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/user/login-history',
  access: 'user',
  summary: "The signed-in user's sign-in attempts, newest first.",
  query: PageQuerySchema,
  response: pageOf(LoginEventSchema),
});

export const adminSecurityRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/security',
  access: 'admin',
  permission: 'any',
  summary: 'How many administrators sign in without a second factor, and whether one is required.',
  response: z.object({ data: AdminSecuritySchema }),
});

export const resetUserTwoFactorRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/users/:id/2fa',
  access: 'admin',
  permission: 'users.manage',
  summary: "Turn a user's two-factor sign-in off when they lost their device; their sessions end.",
  params: userId,
  response: MessageResponseSchema,
});

export const adminLoginHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/loginHistory/:id',
  access: 'admin',
  permission: 'users.read',
  summary: "A user's sign-in attempts, newest first.",
  params: userId,
  query: PageQuerySchema,
  response: pageOf(LoginEventSchema),
});
