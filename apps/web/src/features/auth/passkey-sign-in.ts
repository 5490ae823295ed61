import { type LoginResponse, type PasskeyAssertion, PasskeyChallengeSchema } from '@vestora/shared';
import { passkeySignInOptionsRoute, passkeySignInRoute } from '@vestora/shared/routes';
import { callApi, errorMessage } from '../../client/api.ts';
import { answerPasskeyChallenge, PasskeyPromptError } from '../../client/passkeys.ts';

export { cancelPasskeyPrompt } from '../../client/passkeys.ts';

/*
 * Passkeys on the sign-in page, loaded on their first use: the sign-in page is in the first
 * download of every area, and most sign-ins use a password.
 */

/**
 * Has one of the person's passkeys answer the second-factor challenge a password sign-in's refusal
 * carried (`details.passkey`), read as the contract says it is shaped.
 */
export function answerSecondFactor(challenge: unknown): Promise<PasskeyAssertion> {
  return answerPasskeyChallenge(PasskeyChallengeSchema.parse(challenge));
}

/** Signs in with a passkey alone: the server's challenge, the browser's prompt, then the sign-in. */
export async function logInWithPasskey(rememberMe: boolean): Promise<LoginResponse> {
  const { data } = await callApi(passkeySignInOptionsRoute);
  const passkey = await answerPasskeyChallenge(data);
  return callApi(passkeySignInRoute, { body: { passkey, rememberMe } });
}

/** Why a passkey sign-in failed, in words: the browser's refusal or the server's. */
export function passkeyFailureMessage(failure: unknown): string {
  return failure instanceof PasskeyPromptError ? failure.message : errorMessage(failure);
}
