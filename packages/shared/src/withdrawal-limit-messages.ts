import { formatUtcTime } from './dates.ts';
import type { VerificationLevel, WITHDRAWAL_LIMIT_WINDOWS } from './identity.ts';
import { formatUsd } from './money.ts';

export type WithdrawalLimitWindow = keyof typeof WITHDRAWAL_LIMIT_WINDOWS;

/** How a rolling window is named on the Withdrawal page and in refusals ("your daily limit"). */
export const WITHDRAWAL_LIMIT_WINDOW_NAMES: Record<WithdrawalLimitWindow, string> = {
  daily: 'daily',
  monthly: '30-day',
};

export const RAISE_WITHDRAWAL_LIMIT_HINT = 'Verify your identity for higher limits.';

interface LimitRefusal {
  window: WithdrawalLimitWindow;
  limitCents: bigint;
  level: Exclude<VerificationLevel, 'none'>;
  /** True when the full level would let this withdrawal through: the refusal says how to get there. */
  canRaiseByVerifying: boolean;
}

function limitText({ window, limitCents, level }: LimitRefusal): string {
  return `your ${WITHDRAWAL_LIMIT_WINDOW_NAMES[window]} limit of ${formatUsd(limitCents)} (${level} verification)`;
}

function withHint(sentence: string, refusal: LimitRefusal): string {
  return refusal.canRaiseByVerifying ? `${sentence} ${RAISE_WITHDRAWAL_LIMIT_HINT}` : sentence;
}

/** "This withdrawal is above your daily limit of $1,000.00 (basic verification)." */
export function withdrawalAboveLimitMessage(refusal: LimitRefusal): string {
  return withHint(`This withdrawal is above ${limitText(refusal)}.`, refusal);
}

/**
 * "This withdrawal would pass your daily limit of $1,000.00 (basic verification): $400.00 is left
 * until 29 Nov 2026, 14:32 UTC." — `fitsAt` is when enough earlier withdrawals have left the
 * window for this one to fit.
 */
export function withdrawalPastLimitMessage(
  refusal: LimitRefusal & { remainingCents: bigint; fitsAt: Date },
): string {
  const left = refusal.remainingCents > 0n ? `${formatUsd(refusal.remainingCents)} is` : 'nothing is';
  return withHint(
    `This withdrawal would pass ${limitText(refusal)}: ${left} left until ${formatUtcTime(refusal.fitsAt)}.`,
    refusal,
  );
}
