import { centsToUsd, type Investment } from '@vestora/shared';
import { DAY_MS } from '../../lib/time.ts';
import type { InvestmentRow } from './investments.repo.ts';

/** The return one period pays, rounded down to the cent: 1,000.00 at 3.6% pays 36.00. */
export function returnPerPeriodCents(row: Pick<InvestmentRow, 'amountCents' | 'rateBasisPoints'>): bigint {
  return (row.amountCents * BigInt(row.rateBasisPoints)) / 10_000n;
}

/** Whole periods elapsed at `now`, capped at the investment's total. */
export function periodsDue(
  row: Pick<InvestmentRow, 'startedAt' | 'periodDays' | 'periodsTotal'>,
  now: Date,
): number {
  const elapsed = Math.floor((now.getTime() - row.startedAt.getTime()) / (row.periodDays * DAY_MS));
  return Math.max(0, Math.min(row.periodsTotal, elapsed));
}

export function toInvestment(row: InvestmentRow): Investment {
  const perPeriod = returnPerPeriodCents(row);
  const hasReturnsLeft = row.periodsPaid < row.periodsTotal;
  const nextPayoutAt =
    row.status !== 'active'
      ? null
      : hasReturnsLeft
        ? new Date(row.startedAt.getTime() + (row.periodsPaid + 1) * row.periodDays * DAY_MS)
        : row.endsAt;
  return {
    _id: row.id,
    planId: row.planId,
    planName: row.planName,
    amount: centsToUsd(row.amountCents),
    rate: row.rateBasisPoints / 100,
    periodDays: row.periodDays,
    periodsTotal: row.periodsTotal,
    periodsPaid: row.periodsPaid,
    principalReturn: row.principalReturn,
    totalReturn: centsToUsd(perPeriod * BigInt(row.periodsPaid)),
    expectedReturn: centsToUsd(perPeriod * BigInt(row.periodsTotal)),
    status: row.status,
    isReturnDelayed: row.isReturnDelayed,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    nextPayoutAt: nextPayoutAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
