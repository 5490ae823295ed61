import {
  centsToUsd,
  type LimitUse,
  VERIFICATION_LEVELS,
  type VerificationLevel,
  WITHDRAWAL_LIMIT_WINDOWS,
  type WithdrawalLimits,
  type WithdrawalLimitWindow,
  withdrawalAboveLimitMessage,
  withdrawalPastLimitMessage,
} from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { verificationLevelOf } from '../identity/verification-level.ts';
import { listCountedWithdrawals } from './withdrawals.repo.ts';

type LimitCents = AppConfig['withdrawalLimitCents'];
type VerifiedLevel = Exclude<VerificationLevel, 'none'>;

/** A withdrawal that counts against the limits (any not declined), with its age when it was read. */
export interface CountedWithdrawal {
  amountCents: bigint;
  createdAt: Date;
  ageMs: number;
}

const WINDOWS = Object.keys(WITHDRAWAL_LIMIT_WINDOWS) as WithdrawalLimitWindow[];
const LONGEST_WINDOW_HOURS = Math.max(...Object.values(WITHDRAWAL_LIMIT_WINDOWS));

function windowMs(window: WithdrawalLimitWindow): number {
  return WITHDRAWAL_LIMIT_WINDOWS[window] * HOUR_MS;
}

/** The moment `withdrawal` stops counting in `window`. */
function leavesWindowAt(withdrawal: CountedWithdrawal, window: WithdrawalLimitWindow): Date {
  return new Date(withdrawal.createdAt.getTime() + windowMs(window));
}

/** Those of `counted` still in `window`, oldest first as given. */
function inWindow(counted: CountedWithdrawal[], window: WithdrawalLimitWindow): CountedWithdrawal[] {
  return counted.filter((withdrawal) => withdrawal.ageMs < windowMs(window));
}

function totalCents(withdrawals: CountedWithdrawal[]): bigint {
  return withdrawals.reduce((total, withdrawal) => total + withdrawal.amountCents, 0n);
}

/**
 * The user's withdrawals counted in the longest window, oldest first: enough for every window. Aged
 * on the clock that dates withdrawals, the database's, which also times the staff who approve them.
 */
export function listWithdrawalsCounted(db: Executor, userId: string): Promise<CountedWithdrawal[]> {
  return listCountedWithdrawals(db, { userId, hours: LONGEST_WINDOW_HOURS });
}

/** What the user has asked to withdraw in `window`. */
export function usedCents(counted: CountedWithdrawal[], window: WithdrawalLimitWindow): bigint {
  return totalCents(inWindow(counted, window));
}

/**
 * When enough of `inside` (the withdrawals in `window`, oldest first) have left it to free
 * `excessCents`: the earliest moment a refused amount fits.
 */
function fitsAt(inside: CountedWithdrawal[], window: WithdrawalLimitWindow, excessCents: bigint): Date {
  let freedCents = 0n;
  for (const withdrawal of inside) {
    freedCents += withdrawal.amountCents;
    if (freedCents >= excessCents) return leavesWindowAt(withdrawal, window);
  }
  // The amount is within the limit (checked before), so the whole window's use covers any excess.
  throw new Error(`an excess of ${excessCents} cents is more than the ${window} window holds`);
}

/**
 * Refuses `amountCents` when it would take the user past their level's limit over a rolling window,
 * naming the limit, what is left and when the amount would fit; past both windows, the later of
 * the two, since the earlier would not let it through. `counted` must be read under the user's
 * row lock, so that no request of theirs can be counted beside this one and pass with it.
 */
export function assertWithinWithdrawalLimits(
  {
    level,
    counted,
    limitCents,
  }: { level: VerifiedLevel; counted: CountedWithdrawal[]; limitCents: LimitCents },
  amountCents: bigint,
): void {
  const limits = limitCents[level];
  const canRaiseByVerifying =
    level === 'basic' &&
    WINDOWS.every((window) => usedCents(counted, window) + amountCents <= limitCents.full[window]);
  const exceeded = WINDOWS.find((window) => amountCents > limits[window]);
  if (exceeded) {
    throw new AppError(
      'FORBIDDEN',
      withdrawalAboveLimitMessage({
        window: exceeded,
        limitCents: limits[exceeded],
        level,
        canRaiseByVerifying,
      }),
    );
  }
  let latest: { window: WithdrawalLimitWindow; remainingCents: bigint; fitsAt: Date } | undefined;
  for (const window of WINDOWS) {
    const inside = inWindow(counted, window);
    const excessCents = totalCents(inside) + amountCents - limits[window];
    if (excessCents <= 0n) continue;
    const fits = fitsAt(inside, window, excessCents);
    if (!latest || fits > latest.fitsAt) {
      const remainingCents = limits[window] - totalCents(inside);
      latest = { window, remainingCents: remainingCents > 0n ? remainingCents : 0n, fitsAt: fits };
    }
  }
  if (latest) {
    throw new AppError(
      'FORBIDDEN',
      withdrawalPastLimitMessage({
        ...latest,
        limitCents: limits[latest.window],
        level,
        canRaiseByVerifying,
      }),
    );
  }
}

function limitUse(counted: CountedWithdrawal[], window: WithdrawalLimitWindow, limitCents: bigint): LimitUse {
  const inside = inWindow(counted, window);
  const used = totalCents(inside);
  const oldest = inside[0];
  return {
    limit: centsToUsd(limitCents),
    used: centsToUsd(used),
    remaining: centsToUsd(used < limitCents ? limitCents - used : 0n),
    resetsAt: oldest ? leavesWindowAt(oldest, window).toISOString() : null,
  };
}

/** The caller's level, how much of each window they have used, and what every level allows. */
export async function getWithdrawalLimits(
  db: Executor,
  { user, limitCents }: { user: { id: string; isVerified: boolean }; limitCents: LimitCents },
): Promise<WithdrawalLimits> {
  const levels = VERIFICATION_LEVELS.map((level) =>
    level === 'none'
      ? { level, dailyUsd: null, monthlyUsd: null }
      : {
          level,
          dailyUsd: centsToUsd(limitCents[level].daily),
          monthlyUsd: centsToUsd(limitCents[level].monthly),
        },
  );
  const level = await verificationLevelOf(db, user);
  if (level === 'none') return { level, daily: null, monthly: null, levels };
  const counted = await listWithdrawalsCounted(db, user.id);
  return {
    level,
    daily: limitUse(counted, 'daily', limitCents[level].daily),
    monthly: limitUse(counted, 'monthly', limitCents[level].monthly),
    levels,
  };
}
