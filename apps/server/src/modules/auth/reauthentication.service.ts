import { MESSAGES, type PasskeyAssertion } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { reserveAttempt } from '../attempts/attempts.service.ts';
import { verifyPasskeyAssertion } from '../passkeys/passkey-assertions.ts';
import { findSignInCredentials, verifySecondFactor } from '../two-factor/second-factor.ts';
import { verifyPassword } from './password.ts';

export interface IdentityProof {
  password?: string | undefined;
  /** The authenticator or a recovery code; needed when two-factor sign-in is on. */
  code?: string | undefined;
  /**
   * Instead of both: a passkey's answer to a `reauthenticate` challenge. It proves possession and
   * the person (the authenticator verifies its user), and cannot be relayed by a phishing page.
   */
  passkey?: PasskeyAssertion | undefined;
}

/**
 * Asks the person at the keyboard to prove they own the account before something that could hand it
 * over (a new password or e-mail, a second factor turned on or off, new recovery codes): a stolen
 * session alone is not enough. Guesses count against the account's own limit of attempts, separate
 * from sign-in, so a thief holding a session cannot lock the owner out of signing in.
 */
export async function confirmIdentity(
  deps: { db: Database; config: AppConfig; clock: Clock },
  userId: string,
  proof: IdentityProof,
  {
    wrongPasswordMessage = MESSAGES.passwordWrong,
    isSecondFactorChecked = true,
  }: { wrongPasswordMessage?: string; isSecondFactorChecked?: boolean } = {},
): Promise<void> {
  const attempt = await reserveAttempt(deps, {
    limits: [{ subject: `reauth:${userId}`, limit: deps.config.login.maxFailures }],
    windowMs: deps.config.login.windowMs,
  });
  if (proof.passkey) {
    await verifyPasskeyAssertion(deps.db, deps, {
      assertion: proof.passkey,
      purpose: 'reauthenticate',
      userId,
    });
    await attempt.release();
    return;
  }
  const row = await findSignInCredentials(deps.db, userId);
  if (!row || !proof.password || !(await verifyPassword(row.passwordHash, proof.password))) {
    throw new AppError('BAD_REQUEST', wrongPasswordMessage);
  }
  if (isSecondFactorChecked && row.totpEnabledAt) {
    if (!proof.code) {
      throw new AppError('BAD_REQUEST', MESSAGES.twoFactorCodeNeeded, { twoFactorRequired: true });
    }
    if (!(await verifySecondFactor(deps.db, deps.clock, userId, proof.code))) {
      throw new AppError('BAD_REQUEST', MESSAGES.twoFactorCodeWrong, { twoFactorRequired: true });
    }
  }
  await attempt.release();
}
