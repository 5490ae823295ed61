import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { investments, ledgerAccounts } from '../../db/schema/index.ts';

export type InvestmentRow = typeof investments.$inferSelect;
export type NewInvestment = typeof investments.$inferInsert;

export async function insertInvestment(db: Executor, values: NewInvestment): Promise<InvestmentRow> {
  const [row] = await db.insert(investments).values(values).returning();
  if (!row) throw new Error('investment insert returned nothing');
  return row;
}

export async function listUserInvestmentRows(db: Executor, { userId }: { userId: string }) {
  return db
    .select()
    .from(investments)
    .where(eq(investments.userId, userId))
    .orderBy(desc(investments.createdAt), desc(investments.id));
}

export interface PayoutProgress {
  id: string;
  periodsPaid: number;
  isReturnDelayed: boolean;
  completedAt: Date | null;
}

/** Records what a payout batch did to each of its investments, in one statement. */
export async function recordPayoutProgress(db: Executor, rows: PayoutProgress[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: PayoutProgress) => T) => sql.param(rows.map(pick));
  await db.execute(sql`update ${investments} i set
      periods_paid = p.periods_paid,
      is_return_delayed = p.is_return_delayed,
      status = case when p.completed_at is null then i.status else 'completed' end,
      completed_at = coalesce(p.completed_at, i.completed_at)
    from unnest(${column((row) => row.id)}::uuid[], ${column((row) => row.periodsPaid)}::int[],
      ${column((row) => row.isReturnDelayed)}::boolean[],
      ${column((row) => row.completedAt?.toISOString() ?? null)}::timestamptz[])
      as p(id, periods_paid, is_return_delayed, completed_at)
    where i.id = p.id`);
}

/** Elapsed whole periods of an investment at `now`, capped at its total: SQL twin of `periodsDue`. */
const periodsDueSql = (now: Date) => sql`least(${investments.periodsTotal}, floor(
  extract(epoch from (${now.toISOString()}::timestamptz - ${investments.startedAt})) / (${investments.periodDays} * 86400)
)::int)`;

/**
 * The return one period pays, rounded down to the cent: SQL twin of `returnPerPeriodCents`. A bigint
 * times an integer and a bigint divided by an integer stay bigint in PostgreSQL, and its integer
 * division truncates as BigInt's does, so both give the same cent for every amount and rate (no
 * float on the way, which `floor()` would bring).
 */
const returnPerPeriodSql = sql`(${investments.amountCents} * ${investments.rateBasisPoints} / 10000)`;

/** Where a payout run has got to: the last investment of its previous batch, in payout order. */
export interface PayoutCursor {
  startedAt: Date;
  id: string;
}

/**
 * The next `limit` active investments with a return or a maturity due at `now`, oldest first,
 * after `after`, locked for the rest of the transaction.
 */
export async function lockDueInvestments(
  db: Executor,
  { now, after, limit }: { now: Date; after: PayoutCursor | undefined; limit: number },
): Promise<InvestmentRow[]> {
  return db
    .select()
    .from(investments)
    .where(
      and(
        eq(investments.status, 'active'),
        sql`(${investments.periodsPaid} < ${periodsDueSql(now)} or ${investments.endsAt} <= ${now.toISOString()}::timestamptz)`,
        after
          ? sql`(${investments.startedAt}, ${investments.id}) > (${after.startedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(investments.startedAt, investments.id)
    .limit(limit)
    .for('update');
}

/**
 * Every plan return the active investments still have to pay until they mature, in cents: each
 * investment's unpaid periods (delayed ones included, they are still owed) times its per-period
 * return, summed in the database so a snapshot reads one number, not one row per investment.
 * Principal is not in it: it already sits in the investor's `invested` balance. A completed
 * investment owes nothing more.
 */
export async function sumPromisedReturnsCents(db: Executor): Promise<bigint> {
  const [row] = await db
    .select({
      // greatest(…, 0): the payer never pays past periods_total, and were it ever to, an overpaid
      // investment must not lower what the others are owed.
      cents: sql<string>`coalesce(sum(
        greatest(${investments.periodsTotal} - ${investments.periodsPaid}, 0)::bigint * ${returnPerPeriodSql}
      ), 0)::text`,
    })
    .from(investments)
    .where(eq(investments.status, 'active'));
  return BigInt(row?.cents ?? '0');
}

export async function readReserveFigures(db: Executor, { now }: { now: Date }) {
  const [figures] = await db
    .select({
      dueUnpaidCents: sql<string>`coalesce(sum(
        greatest(${periodsDueSql(now)} - ${investments.periodsPaid}, 0)
        * ${returnPerPeriodSql}
      ), 0)::text`,
      delayedInvestments: sql<number>`count(*) filter (where ${investments.isReturnDelayed})::int`,
      activeInvestments: sql<number>`count(*)::int`,
    })
    .from(investments)
    .where(eq(investments.status, 'active'));
  const [reserve] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(sql`${ledgerAccounts.userId} is null`, eq(ledgerAccounts.kind, 'yield_reserve')));
  return {
    balanceCents: reserve?.balanceCents ?? 0n,
    dueUnpaidCents: BigInt(figures?.dueUnpaidCents ?? '0'),
    delayedInvestments: figures?.delayedInvestments ?? 0,
    activeInvestments: figures?.activeInvestments ?? 0,
  };
}
