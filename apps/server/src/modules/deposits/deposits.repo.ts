import type { TransactionStatus } from '@vestora/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { deposits, users } from '../../db/schema/index.ts';

export type DepositRow = typeof deposits.$inferSelect;

export async function insertDeposit(db: Executor, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await db.insert(deposits).values(values).returning();
  if (!row) throw new Error('insert into deposits returned no row');
  return row;
}

/** Locks the deposit row: two admins deciding at once are served one after the other. */
export async function lockDeposit(db: Executor, { id }: { id: string }): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

export async function recordDepositDecision(
  db: Executor,
  {
    id,
    status,
    decidedBy,
    reason,
    decidedAt,
  }: {
    id: string;
    status: 'approved' | 'rejected';
    decidedBy: string;
    reason: string | null;
    decidedAt: Date;
  },
): Promise<DepositRow> {
  const [row] = await db
    .update(deposits)
    .set({ status, decidedBy, decidedAt, decisionReason: reason })
    .where(eq(deposits.id, id))
    .returning();
  if (!row) throw new Error(`deposit ${id} vanished under its lock`);
  return row;
}

export async function countPendingDeposits(db: Executor, { userId }: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'pending'),
        // A payment seen on chain is not a request the user made: it never counts against their cap.
        sql`not exists (select 1 from chain_payments p where p.deposit_id = ${deposits.id})`,
      ),
    );
  return row?.total ?? 0;
}

/** Who still waits on a deposit they were told to send to `address`. */
export async function listUsersWithPendingDepositsTo(
  db: Executor,
  { coin, address }: { coin: DepositRow['mode']; address: string },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: deposits.userId })
    .from(deposits)
    .where(and(eq(deposits.status, 'pending'), eq(deposits.mode, coin), eq(deposits.address, address)));
  return rows.map((row) => row.userId);
}

/** A deposit made on chain, as its payment moves: its USD value, and approved or rejected once settled. */
export async function updateChainDeposit(
  db: Executor,
  {
    id,
    status,
    amountCents,
    decidedAt,
    reason,
  }: {
    id: string;
    status?: TransactionStatus;
    amountCents?: bigint;
    decidedAt?: Date | null;
    reason?: string | null;
  },
): Promise<DepositRow> {
  const [row] = await db
    .update(deposits)
    .set({ status, amountCents, decidedAt, decisionReason: reason })
    .where(eq(deposits.id, id))
    .returning();
  if (!row) throw new Error(`deposit ${id} of a chain payment is gone`);
  return row;
}

export async function getDeposit(db: Executor, { id }: { id: string }): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

/** Whether the deposit is a payment seen on chain, which the watcher settles, not an administrator. */
export async function isChainDeposit(db: Executor, { id }: { id: string }): Promise<boolean> {
  const result = await db.execute(sql`select 1 from chain_payments where deposit_id = ${id}`);
  return result.rows.length > 0;
}

/** A deposit with its depositor's name and address, as an approver reads it. */
export async function findDepositForApproval(db: Executor, id: string) {
  const [row] = await db
    .select({
      amountCents: deposits.amountCents,
      mode: deposits.mode,
      fullName: users.fullName,
      email: users.email,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(eq(deposits.id, id));
  return row;
}
