import { formatUsd, MESSAGES } from '@vestora/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { JOB_NAMES, recordJobRun } from '../operations/operations.repo.ts';
import { periodsDue, returnPerPeriodCents } from './investment-terms.ts';
import {
  listDueInvestmentIds,
  lockInvestment,
  recordCompleted,
  recordReturnDelayed,
  recordReturnPaid,
} from './investments.repo.ts';

/** One scheduler run at a time across every server process on the database. */
const PAYOUT_LOCK_ID = 7_215_002;

export interface PayoutRun {
  isSkipped: boolean;
  returnsPaid: number;
  delayed: number;
  completed: number;
}

type Step = 'paid' | 'completed' | 'nothing-due';

/**
 * Pays every return and principal that is due at the clock's time, oldest investment first; a run
 * after downtime pays each missed period once. Exactly once, whatever runs at the same time: each
 * payment locks its investment, checks the period is still unpaid, and carries a settlement key
 * (investment + period) that the ledger accepts only once. A return the reserve cannot cover is not
 * paid: the investment is marked delayed and the next run tries again.
 */
export async function payDueReturns(db: Database, clock: Clock): Promise<PayoutRun> {
  const run: PayoutRun = { isSkipped: false, returnsPaid: 0, delayed: 0, completed: 0 };
  const lockConnection = await db.$client.connect();
  try {
    const { rows } = await lockConnection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [PAYOUT_LOCK_ID],
    );
    if (!rows[0]?.locked) return { ...run, isSkipped: true };
    try {
      const now = clock.now();
      for (const id of await listDueInvestmentIds(db, { now })) {
        await settleInvestment(db, id, now, run);
      }
      await recordJobRun(db, { name: JOB_NAMES.planPayouts, completedAt: now });
    } finally {
      await lockConnection.query('select pg_advisory_unlock($1)', [PAYOUT_LOCK_ID]);
    }
  } finally {
    lockConnection.release();
  }
  return run;
}

async function settleInvestment(db: Database, id: string, now: Date, run: PayoutRun): Promise<void> {
  for (;;) {
    let step: Step;
    try {
      step = await runInTransaction(db, (tx) => settleNextStep(tx, id, now));
    } catch (error) {
      if (error instanceof AppError && error.message === MESSAGES.insufficientBalance) {
        await recordReturnDelayed(db, { id });
        run.delayed += 1;
        return;
      }
      throw error;
    }
    if (step === 'paid') run.returnsPaid += 1;
    if (step === 'completed') run.completed += 1;
    if (step !== 'paid') return;
  }
}

async function settleNextStep(
  tx: Parameters<Parameters<typeof runInTransaction>[1]>[0],
  id: string,
  now: Date,
): Promise<Step> {
  const investment = await lockInvestment(tx, { id });
  if (investment?.status !== 'active') return 'nothing-due';
  const user = { userId: investment.userId, kind: 'available' as const };
  const reference = { type: 'investment' as const, id };

  if (investment.periodsPaid < periodsDue(investment, now)) {
    const period = investment.periodsPaid + 1;
    const amountCents = returnPerPeriodCents(investment);
    if (amountCents > 0n) {
      await postTransfers(tx, [
        {
          from: { platform: 'yield_reserve' },
          to: user,
          amountCents,
          kind: 'plan_return',
          reference,
          settlementKey: `plan_return:${id}:${period}`,
          reason: `${investment.planName} return ${period} of ${investment.periodsTotal}`,
        },
      ]);
    }
    await recordReturnPaid(tx, { id, periodsPaid: period });
    return 'paid';
  }

  if (investment.periodsPaid >= investment.periodsTotal && investment.endsAt <= now) {
    await postTransfers(tx, [
      investment.principalReturn
        ? {
            from: { userId: investment.userId, kind: 'invested' },
            to: user,
            amountCents: investment.amountCents,
            kind: 'principal_return',
            reference,
            settlementKey: `principal_return:${id}`,
            reason: `${investment.planName} principal returned`,
          }
        : {
            // A plan without principal return keeps the principal: it joins the reserve.
            from: { userId: investment.userId, kind: 'invested' },
            to: { platform: 'yield_reserve' },
            amountCents: investment.amountCents,
            kind: 'investment',
            reference,
            settlementKey: `principal_retained:${id}`,
            reason: `${investment.planName} principal retained by the plan`,
          },
    ]);
    await recordCompleted(tx, { id, completedAt: now });
    await notify(tx, {
      userId: investment.userId,
      kind: 'investment',
      title: 'Investment completed',
      body: investment.principalReturn
        ? `Your ${investment.planName} investment has ended; its principal of ${formatUsd(investment.amountCents)} is back in your balance.`
        : `Your ${investment.planName} investment has ended.`,
      link: '/user/my-plans',
    });
    return 'completed';
  }
  return 'nothing-due';
}

/** Runs the payouts now and then every `intervalMs`; the returned function stops it. */
export function startPlanPayouts(
  db: Database,
  clock: Clock,
  log: { error(details: object, message: string): void },
  intervalMs = 60_000,
): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = payDueReturns(db, clock).catch((error: unknown) =>
      log.error({ err: error }, 'plan payouts failed'),
    );
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
