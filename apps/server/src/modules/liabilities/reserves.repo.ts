import type { Coin } from '@vestora/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  chainPayments,
  chainWallets,
  depositAddresses,
  reserveAddresses,
  users,
} from '../../db/schema/index.ts';

export type ReserveRow = typeof reserveAddresses.$inferSelect;
export type ReserveWithRegistrar = ReserveRow & { registeredByName: string | null };

/** The reserves that count: registered and not removed, oldest first. */
export async function listActiveReserves(db: Executor): Promise<ReserveWithRegistrar[]> {
  return db
    .select({
      id: reserveAddresses.id,
      coin: reserveAddresses.coin,
      kind: reserveAddresses.kind,
      address: reserveAddresses.address,
      accountKey: reserveAddresses.accountKey,
      childIndex: reserveAddresses.childIndex,
      challenge: reserveAddresses.challenge,
      signatureType: reserveAddresses.signatureType,
      signature: reserveAddresses.signature,
      registeredBy: reserveAddresses.registeredBy,
      registeredAt: reserveAddresses.registeredAt,
      removedAt: reserveAddresses.removedAt,
      registeredByName: users.userName,
    })
    .from(reserveAddresses)
    .leftJoin(users, eq(users.id, reserveAddresses.registeredBy))
    .where(isNull(reserveAddresses.removedAt))
    .orderBy(asc(reserveAddresses.registeredAt), asc(reserveAddresses.id));
}

/** Inserts unless the same address (and key) already counts for the coin; undefined then. */
export async function insertReserve(
  db: Executor,
  values: typeof reserveAddresses.$inferInsert,
): Promise<ReserveRow | undefined> {
  const [row] = await db.insert(reserveAddresses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markReserveRemoved(
  db: Executor,
  { id, at }: { id: string; at: Date },
): Promise<ReserveRow | undefined> {
  const [row] = await db
    .update(reserveAddresses)
    .set({ removedAt: at })
    .where(and(eq(reserveAddresses.id, id), isNull(reserveAddresses.removedAt)))
    .returning();
  return row;
}

/** Whether `xpub` is (or was) the platform's deposit key of `coin`. */
export async function isWalletKey(
  db: Executor,
  { coin, xpub }: { coin: Coin; xpub: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: chainWallets.id })
    .from(chainWallets)
    .where(and(eq(chainWallets.coin, coin), eq(chainWallets.xpub, xpub)))
    .limit(1);
  return row !== undefined;
}

/** Every deposit address handed out from the key `xpub`, by receive index. */
export async function listDerivedAddresses(
  db: Executor,
  { xpub }: { xpub: string },
): Promise<{ address: string; addressIndex: number }[]> {
  const { rows } = await db.execute<{ address: string; address_index: number }>(sql`
    select distinct on (deposit.address_index) deposit.address, deposit.address_index
    from ${depositAddresses} deposit
    join ${chainWallets} wallet on wallet.id = deposit.wallet_id
    where wallet.xpub = ${xpub}
    order by deposit.address_index`);
  return rows.map((row) => ({ address: row.address, addressIndex: Number(row.address_index) }));
}

/**
 * The lowest block height of a payment the deposit watcher saw to each of these addresses; an
 * address never paid is absent.
 */
export async function firstPaymentHeights(
  db: Executor,
  { addresses }: { addresses: string[] },
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const { rows } = await db.execute<{ address: string; height: string }>(sql`
    select deposit.address, min(payment.block_height)::text as height
    from ${chainPayments} payment
    join ${depositAddresses} deposit on deposit.id = payment.address_id
    where deposit.address = any(${sql.param(addresses)}::text[]) and payment.block_height is not null
    group by deposit.address`);
  return new Map(rows.map((row) => [row.address, Number(row.height)]));
}

/**
 * Whether a registered reserve of one of these coins holds `address` (lower-case): the reserve
 * address itself, or a deposit address derived from a reserve account key.
 */
export async function holdsReserveAddress(
  db: Executor,
  { coins, address }: { coins: readonly Coin[]; address: string },
): Promise<boolean> {
  const { rows } = await db.execute<{ held: boolean }>(sql`
    select exists (
      select 1 from ${reserveAddresses} reserve
      where reserve.removed_at is null
        and reserve.coin in (${sql.join(
          coins.map((coin) => sql`${coin}`),
          sql`, `,
        )})
        and (
          lower(reserve.address) = ${address}
          or (reserve.kind = 'account' and exists (
            select 1 from ${depositAddresses} deposit
            join ${chainWallets} wallet on wallet.id = deposit.wallet_id
            where wallet.xpub = reserve.account_key and lower(deposit.address) = ${address}))
        )
    ) as held`);
  return rows[0]?.held === true;
}
