import { formatUsd } from '@vestora/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { lockYieldReserve, postTransfers, type TransferRequest } from '../ledger/ledger.service.ts';
import type { NewNotification } from '../notifications/notifications.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { JOB_NAMES, recordJobRun } from '../operations/operations.service.ts';
import { periodsDue, returnPerPeriodCents } from './investment-terms.ts';
import {
  type InvestmentRow,
  lockDueInvestments,
  type PayoutCursor,
  type PayoutProgress,
  recordPayoutProgress,
} from './investments.repo.ts';

/** One scheduler run at a time across every server process on the database. */
const PAYOUT_LOCK_ID = 7_215_002;
/** Investments settled per transaction: a few hundred milliseconds of work, committed together. */
const PAYOUT_BATCH_SIZE = 1_000;

export interface PayoutRun {
  isSkipped: boolean;
  returnsPaid: number;
  delayed: number;
  completed: number;
}

/**
 * Pays every return and principal that is due at the clock's time, oldest investment first; a run
 * after downtime pays each missed period once. The investments are settled in batches of
 * `batchSize`, each batch one transaction that locks its investments and the yield reserve, posts
 * all its transfers at once and records each investment's progress with them. Exactly once,
 * whatever runs at the same time or dies half-way: a batch commits whole or not at all, its
 * investments' paid periods move in the same commit as their transfers, and each transfer carries a
 * settlement key (investment + period) that the ledger accepts only once; the next run starts over
 * from what is still due. A return the reserve cannot cover is not paid: the investment is marked
 * delayed and the next run tries again.
 */
export async function payDueReturns(
  db: Database,
  clock: Clock,
  { batchSize = PAYOUT_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<PayoutRun> {
  const run: PayoutRun = { isSkipped: false, returnsPaid: 0, delayed: 0, completed: 0 };
  const hasRun = await runAsLeader(db, PAYOUT_LOCK_ID, async () => {
    const now = clock.now();
    let after: PayoutCursor | undefined;
    for (;;) {
      const batch = await runInTransaction(db, (tx) => settleBatch(tx, { now, after, batchSize }));
      run.returnsPaid += batch.returnsPaid;
      run.delayed += batch.delayed;
      run.completed += batch.completed;
      if (!batch.last) break;
      after = batch.last;
    }
    await recordJobRun(db, { name: JOB_NAMES.planPayouts, completedAt: now });
    return true;
  });
  return hasRun ? run : { ...run, isSkipped: true };
}

interface BatchOutcome {
  returnsPaid: number;
  delayed: number;
  completed: number;
  /** The batch's last investment when the batch was full, so more may be due after it. */
  last: PayoutCursor | undefined;
}

async function settleBatch(
  tx: Transaction,
  { now, after, batchSize }: { now: Date; after: PayoutCursor | undefined; batchSize: number },
): Promise<BatchOutcome> {
  const due = await lockDueInvestments(tx, { now, after, limit: batchSize });
  const outcome: BatchOutcome = { returnsPaid: 0, delayed: 0, completed: 0, last: undefined };
  if (due.length === 0) return outcome;
  let reserveCents = await lockYieldReserve(tx);
  const transfers: TransferRequest[] = [];
  const progress: PayoutProgress[] = [];
  const completions: NewNotification[] = [];

  for (const investment of due) {
    const user = { userId: investment.userId, kind: 'available' as const };
    const reference = { type: 'investment' as const, id: investment.id };
    const perPeriodCents = returnPerPeriodCents(investment);
    let periodsPaid = investment.periodsPaid;
    let isReturnDelayed = false;
    for (const owed = periodsDue(investment, now); periodsPaid < owed; periodsPaid += 1) {
      if (perPeriodCents > reserveCents) {
        isReturnDelayed = true;
        break;
      }
      const period = periodsPaid + 1;
      if (perPeriodCents > 0n) {
        transfers.push({
          from: { platform: 'yield_reserve' },
          to: user,
          amountCents: perPeriodCents,
          kind: 'plan_return',
          reference,
          settlementKey: `plan_return:${investment.id}:${period}`,
          reason: `${investment.planName} return ${period} of ${investment.periodsTotal}`,
        });
        reserveCents -= perPeriodCents;
      }
    }
    outcome.returnsPaid += periodsPaid - investment.periodsPaid;
    if (isReturnDelayed) outcome.delayed += 1;

    const isCompleted =
      !isReturnDelayed && periodsPaid >= investment.periodsTotal && investment.endsAt <= now;
    if (isCompleted) {
      transfers.push(principalTransfer(investment));
      // A plan without principal return keeps the principal: it joins the reserve at once.
      if (!investment.principalReturn) reserveCents += investment.amountCents;
      completions.push(completionNotice(investment));
      outcome.completed += 1;
    }
    progress.push({ id: investment.id, periodsPaid, isReturnDelayed, completedAt: isCompleted ? now : null });
  }

  if (transfers.length > 0) await postTransfers(tx, transfers);
  await recordPayoutProgress(tx, progress);
  await notify(tx, ...completions);
  const last = due.at(-1);
  if (last && due.length === batchSize) outcome.last = { startedAt: last.startedAt, id: last.id };
  return outcome;
}

function principalTransfer(investment: InvestmentRow): TransferRequest {
  const reference = { type: 'investment' as const, id: investment.id };
  const invested = { userId: investment.userId, kind: 'invested' as const };
  return investment.principalReturn
    ? {
        from: invested,
        to: { userId: investment.userId, kind: 'available' },
        amountCents: investment.amountCents,
        kind: 'principal_return',
        reference,
        settlementKey: `principal_return:${investment.id}`,
        reason: `${investment.planName} principal returned`,
      }
    : {
        from: invested,
        to: { platform: 'yield_reserve' },
        amountCents: investment.amountCents,
        kind: 'investment',
        reference,
        settlementKey: `principal_retained:${investment.id}`,
        reason: `${investment.planName} principal retained by the plan`,
      };
}

function completionNotice(investment: InvestmentRow): NewNotification {
  return {
    userId: investment.userId,
    kind: 'investment',
    title: 'Investment completed',
    body: investment.principalReturn
      ? `Your ${investment.planName} investment has ended; its principal of ${formatUsd(investment.amountCents)} is back in your balance.`
      : `Your ${investment.planName} investment has ended.`,
    link: '/user/my-plans',
  };
}

/** Runs the payouts now and then every `intervalMs`; the returned function stops it. */
export function startPlanPayouts(
  db: Database,
  clock: Clock,
  log: { error(details: object, message: string): void },
  intervalMs = 60_000,
): () => Promise<void> {
  return startRepeating(
    () =>
      payDueReturns(db, clock).catch((error: unknown) => log.error({ err: error }, 'plan payouts failed')),
    intervalMs,
  );
}
