import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, withdrawalAddresses } from '../../db/schema/index.ts';

export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

const live = (userId: string) =>
  and(eq(withdrawalAddresses.userId, userId), isNull(withdrawalAddresses.removedAt));

export async function listLiveAddresses(db: Executor, { userId }: { userId: string }) {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(live(userId))
    .orderBy(asc(withdrawalAddresses.createdAt), asc(withdrawalAddresses.id));
}

export async function insertAddress(db: Executor, values: typeof withdrawalAddresses.$inferInsert) {
  const [row] = await db.insert(withdrawalAddresses).values(values).returning();
  if (!row) throw new Error('insert into withdrawal_addresses returned no row');
  return row;
}

/** Marks one of the user's live addresses removed; false when it is not theirs or already gone. */
export async function removeAddress(
  db: Executor,
  { userId, id, now }: { userId: string; id: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(withdrawalAddresses)
    .set({ removedAt: now })
    .where(and(eq(withdrawalAddresses.id, id), live(userId)))
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

export async function removeAddressByCancelToken(
  db: Executor,
  { tokenHash, now }: { tokenHash: string; now: Date },
): Promise<WithdrawalAddressRow | undefined> {
  const [row] = await db
    .update(withdrawalAddresses)
    .set({ removedAt: now })
    .where(and(eq(withdrawalAddresses.cancelTokenHash, tokenHash), isNull(withdrawalAddresses.removedAt)))
    .returning();
  return row;
}

/**
 * The live address a withdrawal names, share-locked so a removal (or a cancel link) waits for the
 * withdrawal's transaction, or the withdrawal sees the address gone.
 */
export async function lockLiveAddress(
  db: Executor,
  { userId, match }: { userId: string; match: { addressId: string } | { coin: string; address: string } },
): Promise<WithdrawalAddressRow | undefined> {
  const condition =
    'addressId' in match
      ? eq(withdrawalAddresses.id, match.addressId)
      : and(
          eq(withdrawalAddresses.coin, match.coin as WithdrawalAddressRow['coin']),
          eq(withdrawalAddresses.address, match.address),
        );
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(live(userId), condition))
    .for('share');
  return row;
}

/** Moves the lock's end to `until`, never earlier than a lock already running. */
export async function extendWithdrawalLock(
  db: Executor,
  { userId, until }: { userId: string; until: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      withdrawalsLockedUntil: sql`greatest(${users.withdrawalsLockedUntil}, ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

export async function findWithdrawalsLockedUntil(db: Executor, { userId }: { userId: string }) {
  const [row] = await db
    .select({ lockedUntil: users.withdrawalsLockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row?.lockedUntil ?? null;
}
