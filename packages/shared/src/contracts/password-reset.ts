import { defineRoute, MessageResponseSchema } from '../contract.ts';
import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '../site.ts';

export const forgotPasswordRoute = defineRoute({
  method: 'POST',
  path: '/api/user/forgotPassword',
  access: 'public',
  summary: 'E-mail a password reset link; the answer is the same whether the address is known or not.',
  body: ForgotPasswordRequestSchema,
  response: MessageResponseSchema,
});

export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/api/user/resetPassword',
  access: 'public',
  summary: "Set a new password with a reset link's token; every session ends.",
  body: ResetPasswordRequestSchema,
  response: MessageResponseSchema,
});
