import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { matchTotp } from '../../lib/totp.ts';
import { claimRecoveryCode, claimTotpStep, findTwoFactorRow } from './two-factor.repo.ts';

/**
 * The second-factor check that sign-in and re-authentication both call. It lives apart from
 * two-factor.service so that re-authentication, which that service itself uses, imports no circle.
 */

export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[^a-z0-9]/gi, '').toLowerCase())
    .digest('hex');

/** The account's password hash and whether its second factor is on, for re-authentication. */
export async function findSignInCredentials(
  db: Executor,
  userId: string,
): Promise<{ passwordHash: string; totpEnabledAt: Date | null } | undefined> {
  return findTwoFactorRow(db, { userId });
}

/** A current authenticator code or an unused recovery code; each works once. */
export async function verifySecondFactor(
  db: Executor,
  clock: Clock,
  userId: string,
  code: string,
): Promise<boolean> {
  const row = await findTwoFactorRow(db, { userId });
  if (!row?.totpSecret || !row.totpEnabledAt) return false;
  const step = matchTotp(row.totpSecret, code.replace(/\s/g, ''), clock.now());
  if (step !== null) return claimTotpStep(db, { userId, step });
  return claimRecoveryCode(db, { userId, hash: hashRecoveryCode(code) });
}
