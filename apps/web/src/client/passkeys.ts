import type {
  PasskeyAssertion,
  PasskeyChallenge,
  PasskeyChallengeRequest,
  PasskeyIntent,
  ResponseOf,
  startPasskeyRegistrationRoute,
} from '@vestora/shared';
import { PASSKEY_MESSAGES } from '@vestora/shared';
import { passkeyChallengeRoute } from '@vestora/shared/routes';
import { callApi } from './api.ts';

/**
 * The browser's side of passkeys. `@simplewebauthn/browser` is loaded only when a passkey is used,
 * so the pages of the first download carry none of it.
 */

/** Whether this browser can create and use passkeys at all. */
export const isPasskeySupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's refusal, in words a person reads: closing the prompt is the common one. */
export class PasskeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyPromptError';
  }
}

async function prompted<Result>(ask: () => Promise<Result>): Promise<Result> {
  if (!isPasskeySupported()) throw new PasskeyPromptError(PASSKEY_MESSAGES.unsupported);
  try {
    return await ask();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
    if (name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError') {
      throw new PasskeyPromptError(PASSKEY_MESSAGES.cancelled);
    }
    if (name === 'InvalidStateError' || cause === 'InvalidStateError') {
      throw new PasskeyPromptError(PASSKEY_MESSAGES.alreadyRegistered);
    }
    throw new PasskeyPromptError(error instanceof Error ? error.message : PASSKEY_MESSAGES.notVerified);
  }
}

/** Closes the browser's passkey prompt, if one is open; its promise then fails as cancelled. */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}

/** Asks the browser to sign the server's challenge with one of the person's passkeys. */
export async function answerPasskeyChallenge(challenge: PasskeyChallenge): Promise<PasskeyAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await prompted(() => startAuthentication({ optionsJSON: challenge.options }));
  return { challengeId: challenge.challengeId, response };
}

type Registration = ResponseOf<typeof startPasskeyRegistrationRoute>['data'];

/** Asks the browser to create a passkey for the server's registration options. */
export async function createPasskey(registration: Registration) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return prompted(() => startRegistration({ optionsJSON: registration.options }));
}

/**
 * Gets a challenge for `request` (a withdrawal, an address, or re-authentication) and has a passkey
 * answer it. `onIntent` receives what the server bound the challenge to before the prompt opens, so
 * the dialog shows the address and amount the person is confirming.
 */
export async function confirmWithPasskey(
  request: PasskeyChallengeRequest,
  onIntent?: (intent: PasskeyIntent) => void,
): Promise<PasskeyAssertion> {
  const { data } = await callApi(passkeyChallengeRoute, { body: request });
  onIntent?.(data.intent);
  return answerPasskeyChallenge(data);
}
