import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { reserveAttempt } from '../attempts/attempts.service.ts';
import { hashPassword } from '../auth/password.ts';
import { hashLinkToken } from '../auth/tokens.ts';
import { queueUserMail, sendUserMailNow } from '../mail/mail.service.ts';
import { endSessionsOfUser } from '../sessions/live-sessions.service.ts';
import { lockWithdrawalsAfterCredentialChange } from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import {
  claimPasswordReset,
  findActiveUserByEmail,
  insertPasswordReset,
  setPasswordHash,
  voidPasswordResets,
} from './password-reset.repo.ts';

const RESET_LIFETIME_MS = 30 * 60_000;
const RESET_WINDOW_MS = 15 * 60_000;
/** Requests per e-mail address, and per IP address, in the window. */
const MAX_REQUESTS = { email: 5, ip: 20 };

interface ResetDeps {
  db: Database;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
}

/**
 * Always answers the same, whether or not the address has an account, and sends the e-mail after
 * answering, so neither the message nor the timing tells a stranger who is registered.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  input: { email: string; ip: string },
): Promise<void> {
  // Every request counts, found or not, so the limit says nothing about who is registered.
  await reserveAttempt(deps, {
    limits: [
      { subject: `reset:${input.email.toLowerCase()}`, limit: MAX_REQUESTS.email },
      { subject: `reset-ip:${input.ip}`, limit: MAX_REQUESTS.ip },
    ],
    windowMs: RESET_WINDOW_MS,
  });

  const user = await findActiveUserByEmail(deps.db, { email: input.email });
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(deps.clock.now().getTime() + RESET_LIFETIME_MS),
  });
  const link = `${deps.config.publicUrl}/resetpass?token=${token}`;
  void sendUserMailNow(deps, {
    userId: user.id,
    kind: 'password_reset',
    subject: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. If it was you, open this link within 30 minutes:',
      { link },
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
  }).catch((error: unknown) => deps.log.error({ err: error }, 'the password reset e-mail could not be sent'));
}

/** Tells the account its password changed, in the transaction that changed it. */
export async function queuePasswordChangedMail(tx: Executor, userId: string): Promise<void> {
  await queueUserMail(tx, {
    userId,
    kind: 'password_changed',
    subject: 'Your password was changed',
    paragraphs: [
      "The password of your account was changed. Every other session has ended, and withdrawals are paused for a while, as after every change to the account's security.",
      'If it was not you, reset your password now with "Forgot password" on the sign-in page, and tell our support.',
    ],
  });
}

/**
 * Sets the new password once per link. The link is claimed before anything is hashed, so a made-up
 * token costs one indexed update; using it ends every session and every other outstanding link.
 */
export async function resetPassword(
  deps: { db: Database; config: AppConfig; clock: Clock },
  input: { token: string; password: string; ip: string },
): Promise<void> {
  const attempt = await reserveAttempt(deps, {
    limits: [{ subject: `reset-confirm-ip:${input.ip}`, limit: MAX_REQUESTS.ip }],
    windowMs: RESET_WINDOW_MS,
  });
  await runInTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const reset = await claimPasswordReset(tx, { tokenHash: hashLinkToken(input.token), now });
    if (!reset) throw new AppError('BAD_REQUEST', MESSAGES.resetTokenInvalid);
    const passwordHash = await hashPassword(input.password);
    await setPasswordHash(tx, { userId: reset.userId, passwordHash });
    await endSessionsOfUser(tx, { userId: reset.userId });
    await lockWithdrawalsAfterCredentialChange(tx, deps, reset.userId);
    await voidPasswordResets(tx, { userId: reset.userId, now });
    await queuePasswordChangedMail(tx, reset.userId);
    await attempt.release(tx);
  });
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteSpentPasswordResets, voidPasswordResets } from './password-reset.repo.ts';
