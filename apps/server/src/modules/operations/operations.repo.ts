import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobRuns } from '../../db/schema/index.ts';

/** Scheduled jobs that record their runs in job_runs. */
export const JOB_NAMES = { planPayouts: 'plan_payouts' } as const;

/** The newest migration applied to the database (drizzle's `created_at`), or null before any. */
export async function readAppliedMigration(db: Executor): Promise<number | null> {
  const { rows } = await db.execute<{ applied: string | null }>(
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  );
  const applied = rows[0]?.applied;
  return applied ? Number(applied) : null;
}

export async function recordJobRun(
  db: Executor,
  { name, completedAt }: { name: (typeof JOB_NAMES)[keyof typeof JOB_NAMES]; completedAt: Date },
): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name, completedAt })
    .onConflictDoUpdate({ target: jobRuns.name, set: { completedAt } });
}

export interface OperationalFigures {
  ledgerTransfers: number;
  pendingDeposits: number;
  pendingWithdrawals: number;
  payoutsCompletedAt: Date | null;
}

/** What the metrics report from the database, in one round trip; the pending counts are kept by triggers. */
export async function readOperationalFigures(db: Executor): Promise<OperationalFigures> {
  const { rows } = await db.execute<{
    transfers: string;
    pending_deposits: string | null;
    pending_withdrawals: string | null;
    payouts_completed_at: string | null;
  }>(sql`
    select
      (select count(*) from ledger_transfers)::text as transfers,
      (select count::text from transaction_counts where type = 'deposit' and status = 'pending') as pending_deposits,
      (select count::text from transaction_counts where type = 'withdrawal' and status = 'pending') as pending_withdrawals,
      (select completed_at::text from job_runs where name = ${JOB_NAMES.planPayouts}) as payouts_completed_at
  `);
  const row = rows[0];
  return {
    ledgerTransfers: Number(row?.transfers ?? 0),
    pendingDeposits: Number(row?.pending_deposits ?? 0),
    pendingWithdrawals: Number(row?.pending_withdrawals ?? 0),
    payoutsCompletedAt: row?.payouts_completed_at ? new Date(row.payouts_completed_at) : null,
  };
}
