import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { PASSKEY_MESSAGES } from '../passkey-messages.ts';
import {
  AddPasskeyRequestSchema,
  IdentityProofSchema,
  PasskeyChallengeRequestSchema,
  PasskeyChallengeSchema,
  PasskeyIntentSchema,
  PasskeyRegistrationSchema,
  PasskeySchema,
  PasskeySignInRequestSchema,
} from '../passkeys.ts';
import { LoginResponseSchema } from '../user.ts';

export const passkeysRoute = defineRoute({
  method: 'GET',
  path: '/api/user/passkeys',
  access: 'user',
  summary: "The signed-in user's passkeys, with when each was last used.",
  response: z.object({ data: z.array(PasskeySchema) }),
});

export const startPasskeyRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/api/user/passkeys/registration',
  access: 'user',
  summary: 'Options to create a passkey, after the password (and code) or another passkey is confirmed.',
  body: IdentityProofSchema,
  response: z.object({ data: PasskeyRegistrationSchema }),
});

export const addPasskeyRoute = defineRoute({
  method: 'POST',
  path: '/api/user/passkeys',
  access: 'user',
  summary: "Register the browser's new passkey under a name; the owner is e-mailed.",
  body: AddPasskeyRequestSchema,
  response: z.object({ data: PasskeySchema, message: z.string() }),
  status: 201,
});

export const removePasskeyRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/passkeys/:id',
  access: 'user',
  summary:
    'Remove a passkey (password and code, or a passkey, required); other sessions end and the owner is e-mailed.',
  params: idParams(PASSKEY_MESSAGES.notFound),
  body: IdentityProofSchema,
  response: MessageResponseSchema,
});

export const passkeyChallengeRoute = defineRoute({
  method: 'POST',
  path: '/api/user/passkeys/challenge',
  access: 'user',
  summary:
    'A one-use challenge for a passkey: to re-authenticate, or bound to one withdrawal or one withdrawal address (what it commits to is answered, to show).',
  body: PasskeyChallengeRequestSchema,
  response: z.object({ data: PasskeyChallengeSchema.extend({ intent: PasskeyIntentSchema }) }),
});

export const passkeySignInOptionsRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/passkey/options',
  access: 'public',
  summary: 'A one-use challenge to sign in with a passkey alone (discoverable credentials).',
  response: z.object({ data: PasskeyChallengeSchema }),
});

export const passkeySignInRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/passkey',
  access: 'public',
  summary: 'Sign in with a passkey, under the same limits, alerts and session rules as a password sign-in.',
  body: PasskeySignInRequestSchema,
  response: LoginResponseSchema,
});
