import type { Coin } from '@vestora/shared';
import { and, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type Chain,
  chainBlocks,
  chainCursors,
  chainPayments,
  chainWallets,
  depositAddresses,
  deposits,
  users,
} from '../../db/schema/index.ts';

/** Advisory lock space of address allocation, beside the scheduled jobs' 7_215_0xx ids. */
const KEY_LOCK_SPACE = 7_215_023;
const WALLET_LOCK_SPACE = 7_215_024;

export type WalletRow = typeof chainWallets.$inferSelect;
export type DepositAddressRow = typeof depositAddresses.$inferSelect;
export type ChainPaymentRow = typeof chainPayments.$inferSelect;

export async function listActiveWallets(db: Executor): Promise<WalletRow[]> {
  return db.select().from(chainWallets).where(isNull(chainWallets.retiredAt)).orderBy(chainWallets.coin);
}

export async function getActiveWallet(
  db: Executor,
  { coin }: { coin: Coin },
): Promise<WalletRow | undefined> {
  const [row] = await db
    .select()
    .from(chainWallets)
    .where(and(eq(chainWallets.coin, coin), isNull(chainWallets.retiredAt)));
  return row;
}

/**
 * Held until the transaction ends: two administrators setting a coin's key at once are served one
 * after the other, even when the coin has no wallet row yet to lock.
 */
export async function lockWalletCoin(db: Executor, { coin }: { coin: Coin }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${WALLET_LOCK_SPACE}, hashtext(${coin}))`);
}

export async function retireWallet(db: Executor, { id, at }: { id: string; at: Date }): Promise<void> {
  await db.update(chainWallets).set({ retiredAt: at }).where(eq(chainWallets.id, id));
}

export async function insertWallet(
  db: Executor,
  values: { coin: Coin; xpub: string; confirmations: number; setBy: string; createdAt: Date },
): Promise<WalletRow> {
  const [row] = await db.insert(chainWallets).values(values).returning();
  if (!row) throw new Error('insert into chain_wallets returned no row');
  return row;
}

export async function updateWalletConfirmations(
  db: Executor,
  { id, confirmations }: { id: string; confirmations: number },
): Promise<void> {
  await db.update(chainWallets).set({ confirmations }).where(eq(chainWallets.id, id));
}

/** The highest receive index handed out per wallet: the gap limit the operator's wallet needs. */
export async function highestIndexByWallet(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ walletId: depositAddresses.walletId, highest: max(depositAddresses.addressIndex) })
    .from(depositAddresses)
    .groupBy(depositAddresses.walletId);
  return new Map(rows.flatMap((row) => (row.highest === null ? [] : [[row.walletId, row.highest]])));
}

/**
 * Serialises address allocation per key: ETH and USDT wallets share one Ethereum key, so their
 * indexes come from one sequence and one address never belongs to two people.
 */
export async function lockKeyIndexes(db: Executor, { xpub }: { xpub: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_SPACE}, hashtext(${xpub}))`);
}

/**
 * The user's unpaid address of this wallet, or else their unpaid address under another wallet of
 * the same key whose index this wallet has not used: ETH and USDT then share one address.
 */
export async function getUnpaidAddress(
  db: Executor,
  { walletId, xpub, userId }: { walletId: string; xpub: string; userId: string },
): Promise<DepositAddressRow | undefined> {
  const [row] = await db
    .select(getTableColumns(depositAddresses))
    .from(depositAddresses)
    .innerJoin(chainWallets, eq(chainWallets.id, depositAddresses.walletId))
    .where(
      and(
        eq(chainWallets.xpub, xpub),
        eq(depositAddresses.userId, userId),
        isNull(depositAddresses.paidAt),
        sql`(${depositAddresses.walletId} = ${walletId} or not exists (select 1 from deposit_addresses used
          where used.wallet_id = ${walletId} and used.address_index = ${depositAddresses.addressIndex}))`,
      ),
    )
    .orderBy(sql`${depositAddresses.walletId} = ${walletId} desc`, desc(depositAddresses.createdAt))
    .limit(1);
  return row;
}

/** The next receive index of a key, over every wallet (current or retired) that used it. */
export async function nextAddressIndex(db: Executor, { xpub }: { xpub: string }): Promise<number> {
  const [row] = await db
    .select({ highest: max(depositAddresses.addressIndex) })
    .from(depositAddresses)
    .innerJoin(chainWallets, eq(chainWallets.id, depositAddresses.walletId))
    .where(eq(chainWallets.xpub, xpub));
  return row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1;
}

export async function insertDepositAddress(
  db: Executor,
  values: { userId: string; walletId: string; addressIndex: number; address: string; createdAt: Date },
): Promise<DepositAddressRow> {
  const [row] = await db.insert(depositAddresses).values(values).returning();
  if (!row) throw new Error('insert into deposit_addresses returned no row');
  return row;
}

export async function markAddressPaid(db: Executor, { id, at }: { id: string; at: Date }): Promise<void> {
  await db
    .update(depositAddresses)
    .set({ paidAt: at })
    .where(and(eq(depositAddresses.id, id), isNull(depositAddresses.paidAt)));
}

export type WatchedAddressRow = {
  addressId: string;
  userId: string;
  addressIndex: number;
  walletId: string;
  coin: Coin;
  xpub: string;
  confirmations: number;
};

/** Every address ever handed out for the coins of a chain, with the key each was derived from. */
export async function listWatchedAddresses(
  db: Executor,
  { coins }: { coins: Coin[] },
): Promise<WatchedAddressRow[]> {
  return db
    .select({
      addressId: depositAddresses.id,
      userId: depositAddresses.userId,
      addressIndex: depositAddresses.addressIndex,
      walletId: chainWallets.id,
      coin: chainWallets.coin,
      xpub: chainWallets.xpub,
      confirmations: chainWallets.confirmations,
    })
    .from(depositAddresses)
    .innerJoin(chainWallets, eq(chainWallets.id, depositAddresses.walletId))
    .where(inArray(chainWallets.coin, coins));
}

export async function readCursor(
  db: Executor,
  { chain }: { chain: Chain },
): Promise<{ height: number; blockHash: string } | undefined> {
  const [row] = await db
    .select({ height: chainCursors.height, blockHash: chainCursors.blockHash })
    .from(chainCursors)
    .where(eq(chainCursors.chain, chain));
  return row;
}

export async function saveCursor(
  db: Executor,
  { chain, height, blockHash, at }: { chain: Chain; height: number; blockHash: string; at: Date },
): Promise<void> {
  await db
    .insert(chainCursors)
    .values({ chain, height, blockHash, updatedAt: at })
    .onConflictDoUpdate({ target: chainCursors.chain, set: { height, blockHash, updatedAt: at } });
  await db
    .insert(chainBlocks)
    .values({ chain, height, blockHash })
    .onConflictDoUpdate({ target: [chainBlocks.chain, chainBlocks.height], set: { blockHash } });
}

export async function readBlockHash(
  db: Executor,
  { chain, height }: { chain: Chain; height: number },
): Promise<string | undefined> {
  const [row] = await db
    .select({ blockHash: chainBlocks.blockHash })
    .from(chainBlocks)
    .where(and(eq(chainBlocks.chain, chain), eq(chainBlocks.height, height)));
  return row?.blockHash;
}

/** Forgets the blocks above `height` (a reorganisation replaced them) and those too old to matter. */
export async function forgetBlocks(
  db: Executor,
  { chain, above, below }: { chain: Chain; above?: number; below?: number },
): Promise<void> {
  if (above !== undefined) {
    await db.delete(chainBlocks).where(and(eq(chainBlocks.chain, chain), gt(chainBlocks.height, above)));
  }
  if (below !== undefined) {
    await db.delete(chainBlocks).where(and(eq(chainBlocks.chain, chain), lt(chainBlocks.height, below)));
  }
}

export async function getPaymentByKey(
  db: Executor,
  { settlementKey }: { settlementKey: string },
): Promise<ChainPaymentRow | undefined> {
  const [row] = await db.select().from(chainPayments).where(eq(chainPayments.settlementKey, settlementKey));
  return row;
}

export async function insertPayment(
  db: Executor,
  values: typeof chainPayments.$inferInsert,
): Promise<ChainPaymentRow> {
  const [row] = await db.insert(chainPayments).values(values).returning();
  if (!row) throw new Error('insert into chain_payments returned no row');
  return row;
}

export async function lockPayment(
  db: Executor,
  { id }: { id: string },
): Promise<ChainPaymentRow | undefined> {
  const [row] = await db.select().from(chainPayments).where(eq(chainPayments.id, id)).for('update');
  return row;
}

export async function updatePayment(
  db: Executor,
  { id, ...values }: Partial<typeof chainPayments.$inferInsert> & { id: string },
): Promise<void> {
  await db.update(chainPayments).set(values).where(eq(chainPayments.id, id));
}

export async function listOpenPayments(
  db: Executor,
  { chain }: { chain: Chain },
): Promise<ChainPaymentRow[]> {
  return db
    .select()
    .from(chainPayments)
    .where(and(eq(chainPayments.chain, chain), inArray(chainPayments.state, ['detected', 'confirming'])));
}

/**
 * Open payments in blocks above `height`: a reorganisation took those blocks away, so the payments
 * wait, block-less, until they are seen again or given up as orphaned.
 */
export async function detachPaymentsAbove(
  db: Executor,
  { chain, height }: { chain: Chain; height: number },
): Promise<ChainPaymentRow[]> {
  return db
    .update(chainPayments)
    .set({
      blockHeight: null,
      blockHash: null,
      confirmations: 0,
      state: 'detected',
      detachedAtHeight: height,
    })
    .where(
      and(
        eq(chainPayments.chain, chain),
        inArray(chainPayments.state, ['detected', 'confirming']),
        isNotNull(chainPayments.blockHeight),
        gt(chainPayments.blockHeight, height),
      ),
    )
    .returning();
}

export async function countCreditedAbove(
  db: Executor,
  { chain, height }: { chain: Chain; height: number },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chainPayments)
    .where(
      and(
        eq(chainPayments.chain, chain),
        eq(chainPayments.state, 'credited'),
        gt(chainPayments.blockHeight, height),
      ),
    );
  return row?.total ?? 0;
}

/** A user's latest payments, with their deposit's USD amount (the estimate until credited). */
export async function listUserPayments(
  db: Executor,
  { userId, limit }: { userId: string; limit: number },
): Promise<(ChainPaymentRow & { estimateCents: bigint; address: string | null })[]> {
  return db
    .select({
      ...getTableColumns(chainPayments),
      estimateCents: deposits.amountCents,
      address: deposits.address,
    })
    .from(chainPayments)
    .innerJoin(deposits, eq(deposits.id, chainPayments.depositId))
    .where(eq(chainPayments.userId, userId))
    .orderBy(desc(chainPayments.detectedAt), desc(chainPayments.id))
    .limit(limit);
}

export async function listActiveAdminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}

export async function listPaymentsOfDeposits(
  db: Executor,
  { depositIds }: { depositIds: string[] },
): Promise<ChainPaymentRow[]> {
  if (depositIds.length === 0) return [];
  return db.select().from(chainPayments).where(inArray(chainPayments.depositId, depositIds));
}

/** Confirmed payments held for want of a current rate, by coin: the console's alert. */
export async function countWaitingForRate(db: Executor): Promise<Map<Coin, number>> {
  const rows = await db
    .select({ coin: chainPayments.coin, total: sql<number>`count(*)::int` })
    .from(chainPayments)
    .where(and(eq(chainPayments.state, 'confirming'), isNotNull(chainPayments.rateAlertedAt)))
    .groupBy(chainPayments.coin);
  return new Map(rows.map((row) => [row.coin, row.total]));
}

/**
 * The deposit addresses handed out from a key that the deposit watcher saw paid, each with the
 * lowest block height of a payment to it: where following its outputs can start.
 */
export async function listPaidDepositAddresses(
  db: Executor,
  { xpub }: { xpub: string },
): Promise<{ address: string; firstPaidHeight: number }[]> {
  const { rows } = await db.execute<{ address: string; first_paid_height: string }>(sql`
    select deposit.address, min(payment.block_height)::text as first_paid_height
    from ${depositAddresses} deposit
    join ${chainWallets} wallet on wallet.id = deposit.wallet_id
    join ${chainPayments} payment on payment.address_id = deposit.id
    where wallet.xpub = ${xpub} and payment.block_height is not null
    group by deposit.address`);
  return rows.map((row) => ({ address: row.address, firstPaidHeight: Number(row.first_paid_height) }));
}
