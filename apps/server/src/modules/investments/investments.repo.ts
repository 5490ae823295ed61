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

export async function lockInvestment(
  db: Executor,
  { id }: { id: string },
): Promise<InvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.id, id)).for('update');
  return row;
}

export async function recordReturnPaid(
  db: Executor,
  { id, periodsPaid }: { id: string; periodsPaid: number },
) {
  await db.update(investments).set({ periodsPaid, isReturnDelayed: false }).where(eq(investments.id, id));
}

export async function recordReturnDelayed(db: Executor, { id }: { id: string }) {
  await db
    .update(investments)
    .set({ isReturnDelayed: true })
    .where(and(eq(investments.id, id), eq(investments.status, 'active')));
}

export async function recordCompleted(db: Executor, { id, completedAt }: { id: string; completedAt: Date }) {
  await db.update(investments).set({ status: 'completed', completedAt }).where(eq(investments.id, id));
}

/** Elapsed whole periods of an investment at `now`, capped at its total: SQL twin of `periodsDue`. */
const periodsDueSql = (now: Date) => sql`least(${investments.periodsTotal}, floor(
  extract(epoch from (${now.toISOString()}::timestamptz - ${investments.startedAt})) / (${investments.periodDays} * 86400)
)::int)`;

/** Active investments with a return or a maturity due at `now`, oldest first. */
export async function listDueInvestmentIds(db: Executor, { now }: { now: Date }): Promise<string[]> {
  const rows = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.status, 'active'),
        sql`(${investments.periodsPaid} < ${periodsDueSql(now)} or ${investments.endsAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(investments.startedAt, investments.id);
  return rows.map((row) => row.id);
}

export async function readReserveFigures(db: Executor, { now }: { now: Date }) {
  const [figures] = await db
    .select({
      dueUnpaidCents: sql<string>`coalesce(sum(
        greatest(${periodsDueSql(now)} - ${investments.periodsPaid}, 0)
        * floor(${investments.amountCents} * ${investments.rateBasisPoints} / 10000)
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
