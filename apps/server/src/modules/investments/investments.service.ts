import { randomUUID } from 'node:crypto';
import {
  centsToUsd,
  type FundReserveRequestSchema,
  formatUsd,
  type Investment,
  type InvestRequestSchema,
  MESSAGES,
  PERIOD_DAYS,
  type ReserveStatus,
} from '@vestora/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/time.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { getPlanRow } from '../plans/plans.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { toInvestment } from './investment-terms.ts';
import { insertInvestment, listUserInvestmentRows, readReserveFigures } from './investments.repo.ts';

/**
 * Moves the amount from the person's available balance to their invested balance and opens the
 * investment with the plan's terms as they are today; both in one transaction.
 */
export async function invest(
  tx: Transaction,
  { actor, clock }: { actor: Actor; clock: Clock },
  input: z.output<typeof InvestRequestSchema>,
): Promise<Investment> {
  if (!actor.user.isVerified) throw new AppError('FORBIDDEN', MESSAGES.mustBeVerifiedToInvest);
  const plan = await getPlanRow(tx, input.planId);
  if (plan.status !== 'active') throw new AppError('CONFLICT', MESSAGES.planRetired);
  if (input.amountCents < plan.minCents || input.amountCents > plan.maxCents) {
    throw new AppError(
      'BAD_REQUEST',
      `The amount for ${plan.name} must be between ${formatUsd(plan.minCents)} and ${formatUsd(plan.maxCents)}.`,
    );
  }
  const userId = actor.user.id;
  const startedAt = clock.now();
  const periodDays = PERIOD_DAYS[plan.period];
  const row = await insertInvestment(tx, {
    userId,
    planId: plan.id,
    planName: plan.name,
    amountCents: input.amountCents,
    rateBasisPoints: plan.rateBasisPoints,
    periodDays,
    periodsTotal: Math.floor(plan.durationDays / periodDays),
    principalReturn: plan.principalReturn,
    startedAt,
    endsAt: new Date(startedAt.getTime() + plan.durationDays * DAY_MS),
  });
  await postTransfers(tx, [
    {
      from: { userId, kind: 'available' },
      to: { userId, kind: 'invested' },
      amountCents: input.amountCents,
      kind: 'investment',
      reference: { type: 'investment', id: row.id },
      settlementKey: `investment:${row.id}`,
      actorId: userId,
      reason: `${plan.name} plan`,
    },
  ]);
  return toInvestment(row);
}

export async function listInvestments(db: Executor, userId: string): Promise<Investment[]> {
  return (await listUserInvestmentRows(db, { userId })).map(toInvestment);
}

export async function getReserveStatus(db: Executor, clock: Clock): Promise<ReserveStatus> {
  const figures = await readReserveFigures(db, { now: clock.now() });
  const shortfallCents = figures.dueUnpaidCents - figures.balanceCents;
  return {
    balance: centsToUsd(figures.balanceCents),
    dueUnpaid: centsToUsd(figures.dueUnpaidCents),
    shortfall: centsToUsd(shortfallCents > 0n ? shortfallCents : 0n),
    delayedInvestments: figures.delayedInvestments,
    activeInvestments: figures.activeInvestments,
  };
}

/** The operator puts real money into the reserve that plan returns are paid from. */
export async function fundReserve(
  tx: Transaction,
  { actor, clock }: { actor: Actor; clock: Clock },
  input: z.output<typeof FundReserveRequestSchema>,
): Promise<ReserveStatus> {
  const fundingId = randomUUID();
  await postTransfers(tx, [
    {
      from: { platform: 'operator_funding' },
      to: { platform: 'yield_reserve' },
      amountCents: input.amountCents,
      kind: 'reserve_funding',
      reference: { type: 'reserve', id: fundingId },
      settlementKey: `reserve:${fundingId}`,
      actorId: actor.user.id,
      reason: input.note,
    },
  ]);
  await recordAudit(tx, actor, {
    action: 'reserve.fund',
    targetType: 'reserve',
    targetId: fundingId,
    after: { amount: centsToUsd(input.amountCents), note: input.note },
  });
  return getReserveStatus(tx, clock);
}
