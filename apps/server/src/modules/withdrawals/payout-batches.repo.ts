import { and, asc, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutBatches, payoutBatchInputs, users, withdrawals } from '../../db/schema/index.ts';

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutBatchInputRow = typeof payoutBatchInputs.$inferSelect;

/** Batch creation one at a time: the outputs a batch picks are free when it picks them. */
export async function lockBatchCreation(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7215029)`);
}

export async function insertBatch(
  db: Executor,
  batch: typeof payoutBatches.$inferInsert,
  inputs: Omit<typeof payoutBatchInputs.$inferInsert, 'batchId'>[],
): Promise<PayoutBatchRow> {
  const [row] = await db.insert(payoutBatches).values(batch).returning();
  if (!row) throw new Error('insert into payout_batches returned no row');
  await db.insert(payoutBatchInputs).values(inputs.map((input) => ({ ...input, batchId: row.id })));
  return row;
}

export async function lockBatch(db: Executor, { id }: { id: string }): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update');
  return row;
}

export async function updateBatch(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof payoutBatches.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(payoutBatches).set(values).where(eq(payoutBatches.id, id));
}

export async function unlockBatchInputs(db: Executor, { batchId }: { batchId: string }): Promise<void> {
  await db.update(payoutBatchInputs).set({ isLocked: false }).where(eq(payoutBatchInputs.batchId, batchId));
}

export async function listBatchInputs(
  db: Executor,
  { batchIds }: { batchIds: string[] },
): Promise<PayoutBatchInputRow[]> {
  if (batchIds.length === 0) return [];
  return db
    .select()
    .from(payoutBatchInputs)
    .where(inArray(payoutBatchInputs.batchId, batchIds))
    .orderBy(asc(payoutBatchInputs.txid), asc(payoutBatchInputs.vout));
}

/** `txid:vout` of every output a live batch holds. */
export async function listLockedOutpoints(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ txid: payoutBatchInputs.txid, vout: payoutBatchInputs.vout })
    .from(payoutBatchInputs)
    .where(eq(payoutBatchInputs.isLocked, true));
  return new Set(rows.map((row) => `${row.txid}:${row.vout}`));
}

/** The next internal (change) index of a wallet key: one past the highest any batch used. */
export async function nextChangeIndex(db: Executor, { xpub }: { xpub: string }): Promise<number> {
  const [row] = await db
    .select({ highest: max(payoutBatches.changeIndex) })
    .from(payoutBatches)
    .where(eq(payoutBatches.walletXpub, xpub));
  return row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1;
}

/** The change outputs of confirmed batches of a key, with the block that paid them. */
export async function listConfirmedChange(
  db: Executor,
  { xpub }: { xpub: string },
): Promise<{ address: string; fromHeight: number }[]> {
  const rows = await db
    .select({ address: payoutBatches.changeAddress, fromHeight: payoutBatches.blockHeight })
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.walletXpub, xpub),
        eq(payoutBatches.state, 'confirmed'),
        isNotNull(payoutBatches.changeAddress),
      ),
    );
  return rows.flatMap((row) =>
    row.address !== null && row.fromHeight !== null
      ? [{ address: row.address, fromHeight: row.fromHeight }]
      : [],
  );
}

export async function listLiveBatches(
  db: Executor,
  { state }: { state?: 'broadcast' } = {},
): Promise<PayoutBatchRow[]> {
  return db
    .select()
    .from(payoutBatches)
    .where(state ? eq(payoutBatches.state, state) : inArray(payoutBatches.state, ['open', 'broadcast']))
    .orderBy(desc(payoutBatches.createdAt));
}

/** The withdrawals a batch pays, in the order of its outputs. */
export async function listBatchWithdrawals(db: Executor, { batchIds }: { batchIds: string[] }) {
  if (batchIds.length === 0) return [];
  return db
    .select({ withdrawal: withdrawals, fullName: users.fullName })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(inArray(withdrawals.payoutBatchId, batchIds))
    .orderBy(asc(withdrawals.id));
}

/** Locks the withdrawals asked for, in id order so two batches asking for the same ones cannot deadlock. */
export async function lockWithdrawals(db: Executor, { ids }: { ids: string[] }) {
  return db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids))
    .orderBy(asc(withdrawals.id))
    .for('update');
}
