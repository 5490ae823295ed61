import type { LoginResponse, PasskeyAssertion, PasskeyChallenge } from '@vestora/shared';
import { passkeySignInOptionsRoute, passkeySignInRoute } from '@vestora/shared/routes';
import { callApi, errorMessage } from '../../client/api.ts';
import { answerPasskeyChallenge, PasskeyPromptError } from '../../client/passkeys.ts';

/*
 * Passkeys on the sign-in page, loaded on their first use: the sign-in page is in the first
 * download of every area, and most sign-ins use a password.
 */

/** Has one of the person's passkeys answer the second-factor challenge of a password sign-in. */
export function answerSecondFactor(challenge: PasskeyChallenge): Promise<PasskeyAssertion> {
  return answerPasskeyChallenge(challenge);
}

/** Signs in with a passkey alone: the server's challenge, the browser's prompt, then the sign-in. */
export async function logInWithPasskey(rememberMe: boolean): Promise<LoginResponse> {
  const { data } = await callApi(passkeySignInOptionsRoute);
  const passkey = await answerPasskeyChallenge(data);
  return callApi(passkeySignInRoute, { body: { passkey, rememberMe } });
}

/** Closes the browser's passkey prompt, if one is open; its promise then fails as cancelled. */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}

/** Why a passkey sign-in failed, in words: the browser's refusal or the server's. */
export function passkeyFailureMessage(failure: unknown): string {
  return failure instanceof PasskeyPromptError ? failure.message : errorMessage(failure);
}
