import type { TransactionStatus } from '@vestora/shared';
import { and, asc, count, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, withdrawalApprovals, withdrawals } from '../../db/schema/index.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('insert into withdrawals returned no row');
  return row;
}

export async function getWithdrawal(
  db: Executor,
  { id }: { id: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function listWithdrawalsByIds(
  db: Executor,
  { ids }: { ids: string[] },
): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
}

export async function lockWithdrawal(
  db: Executor,
  { id }: { id: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/** Writes a decision or a payout's progress; the caller holds the row's lock. */
export async function updateWithdrawal(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof withdrawals.$inferInsert, 'id' | 'userId'>>,
): Promise<WithdrawalRow> {
  const [row] = await db.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error(`withdrawal ${id} vanished under its lock`);
  return row;
}

/** The withdrawal an on-chain payment already pays, if any. */
export async function findWithdrawalByPayoutKey(
  db: Executor,
  { settlementKey }: { settlementKey: string },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.payoutSettlementKey, settlementKey));
  return row;
}

/** Withdrawals whose paying transaction is on chain and not yet deep enough, oldest first. */
export async function listBroadcastWithdrawals(db: Executor): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.payoutState, 'broadcast'))
    .orderBy(asc(withdrawals.createdAt));
}

export async function listWithdrawals(
  db: Executor,
  filter: { userId?: string; status?: TransactionStatus; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(withdrawals.userId, filter.userId));
  if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, fullName: users.fullName })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function countPendingWithdrawals(db: Executor, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
  return row?.total ?? 0;
}

/** Records an administrator's approval; false when they had approved it already. */
export async function insertWithdrawalApproval(
  db: Executor,
  values: { withdrawalId: string; adminId: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(withdrawalApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ adminId: withdrawalApprovals.adminId });
  return rows.length > 0;
}

export async function listWithdrawalApprovals(db: Executor, { withdrawalIds }: { withdrawalIds: string[] }) {
  if (withdrawalIds.length === 0) return [];
  return db
    .select({
      withdrawalId: withdrawalApprovals.withdrawalId,
      adminId: withdrawalApprovals.adminId,
      adminName: users.fullName,
      at: withdrawalApprovals.createdAt,
    })
    .from(withdrawalApprovals)
    .innerJoin(users, eq(users.id, withdrawalApprovals.adminId))
    .where(inArray(withdrawalApprovals.withdrawalId, withdrawalIds))
    .orderBy(asc(withdrawalApprovals.createdAt));
}

/**
 * What the user has asked to withdraw over the last `hours` hours, declined requests aside (pending,
 * approved and paid ones all count), oldest first, each with its age: what their limits and the
 * dual-approval threshold are measured on, so splitting a payout slips under neither. Ages are read
 * on the database's clock, which dates the withdrawals.
 */
export async function listCountedWithdrawals(
  db: Executor,
  { userId, hours }: { userId: string; hours: number },
): Promise<{ amountCents: bigint; createdAt: Date; ageMs: number }[]> {
  return db
    .select({
      amountCents: withdrawals.amountCents,
      createdAt: withdrawals.createdAt,
      ageMs: sql<number>`extract(epoch from now() - ${withdrawals.createdAt}) * 1000`.mapWith(Number),
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, 'rejected'),
        gt(withdrawals.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .orderBy(asc(withdrawals.createdAt));
}
