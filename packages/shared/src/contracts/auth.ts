import { EmailConfirmationRequestSchema, LoginRequestSchema, SignupRequestSchema } from '../auth.ts';
import { defineRoute, MessageResponseSchema } from '../contract.ts';
import { LoginResponseSchema } from '../user.ts';

export const signupRoute = defineRoute({
  method: 'POST',
  path: '/api/user/signup',
  access: 'public',
  summary:
    'Open an account and e-mail the link that confirms its address; sign in afterwards. An address that already has an account gets the same answer, and its owner an e-mail.',
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

export const confirmEmailRoute = defineRoute({
  method: 'POST',
  path: '/api/user/confirmEmail',
  access: 'public',
  summary: "Confirm an account's e-mail address with the token of the link sent to it; a link works once.",
  body: EmailConfirmationRequestSchema,
  response: MessageResponseSchema,
});

export const resendEmailConfirmationRoute = defineRoute({
  method: 'POST',
  path: '/api/user/emailConfirmation',
  access: 'user',
  summary: "Send a new confirmation link to the signed-in account's address (3 an hour).",
  response: MessageResponseSchema,
});
