import { LoginRequestSchema, SignupRequestSchema } from '../auth.ts';
import { defineRoute, MessageResponseSchema } from '../contract.ts';
import { LoginResponseSchema } from '../user.ts';

export const signupRoute = defineRoute({
  method: 'POST',
  path: '/api/user/signup',
  access: 'public',
  summary: 'Open an account; sign in afterwards.',
  body: SignupRequestSchema,
  response: MessageResponseSchema,
  status: 201,
});

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/api/user/login',
  access: 'public',
  summary: 'Sign in with a user name or e-mail and the password (and the second factor when it is on).',
  body: LoginRequestSchema,
  response: LoginResponseSchema,
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/user/logout',
  access: 'user',
  summary: 'End this session.',
  response: MessageResponseSchema,
});
