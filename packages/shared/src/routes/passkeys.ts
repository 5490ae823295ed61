import type { RouteRef } from '../contract.ts';
import type * as passkeys from '../contracts/passkeys.ts';

export const addPasskeyRoute: RouteRef<typeof passkeys.addPasskeyRoute> = {
  method: 'POST',
  path: '/api/user/passkeys',
};
export const passkeyChallengeRoute: RouteRef<typeof passkeys.passkeyChallengeRoute> = {
  method: 'POST',
  path: '/api/user/passkeys/challenge',
};
export const passkeySignInOptionsRoute: RouteRef<typeof passkeys.passkeySignInOptionsRoute> = {
  method: 'POST',
  path: '/api/auth/passkey/options',
};
export const passkeySignInRoute: RouteRef<typeof passkeys.passkeySignInRoute> = {
  method: 'POST',
  path: '/api/auth/passkey',
};
export const passkeysRoute: RouteRef<typeof passkeys.passkeysRoute> = {
  method: 'GET',
  path: '/api/user/passkeys',
};
export const removePasskeyRoute: RouteRef<typeof passkeys.removePasskeyRoute> = {
  method: 'DELETE',
  path: '/api/user/passkeys/:id',
};
export const startPasskeyRegistrationRoute: RouteRef<typeof passkeys.startPasskeyRegistrationRoute> = {
  method: 'POST',
  path: '/api/user/passkeys/registration',
};
