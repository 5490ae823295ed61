import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChangeLocks, users } from '../../db/schema/index.ts';

export async function findAccountRow(db: Executor, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      address: users.address,
      postalCode: users.postalCode,
      country: users.country,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateAccountRow(
  db: Executor,
  {
    userId,
    values,
  }: {
    userId: string;
    values: Partial<
      Pick<
        typeof users.$inferInsert,
        | 'fullName'
        | 'userName'
        | 'email'
        | 'emailConfirmedAt'
        | 'phone'
        | 'dateOfBirth'
        | 'address'
        | 'postalCode'
        | 'country'
        | 'passwordHash'
        | 'avatarFileId'
      >
    >;
  },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The current picture's file id, with the user's row locked until the transaction ends. */
export async function lockAvatarFileId(db: Executor, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db
    .select({ avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.avatarFileId ?? null;
}

export async function insertEmailChangeLock(
  db: Executor,
  values: { userId: string; tokenHash: string; previousEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeLocks).values(values);
}

/** Claims an unused, unexpired lock link atomically: it works once. */
export async function claimEmailChangeLock(
  db: Executor,
  { tokenHash, now }: { tokenHash: string; now: Date },
) {
  const [row] = await db
    .update(emailChangeLocks)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeLocks.tokenHash, tokenHash),
        isNull(emailChangeLocks.usedAt),
        gt(emailChangeLocks.expiresAt, now),
      ),
    )
    .returning({ userId: emailChangeLocks.userId, previousEmail: emailChangeLocks.previousEmail });
  return row;
}

/** Puts the previous address back unless another account has taken it since, and sets the password. */
export async function restoreEmailAndPassword(
  db: Executor,
  { userId, email, passwordHash }: { userId: string; email: string; passwordHash: string },
): Promise<void> {
  const isTakenMeanwhile = sql`exists (select 1 from ${users} other where lower(other.email) = lower(${email}) and other.id <> ${userId})`;
  await db
    .update(users)
    .set({
      passwordHash,
      email: sql`case when ${isTakenMeanwhile} then ${users.email} else ${email} end`,
      // The link was opened from the old address: that proves it, as a confirmation link would.
      emailConfirmedAt: sql`case when ${isTakenMeanwhile} then ${users.emailConfirmedAt} else now() end`,
    })
    .where(eq(users.id, userId));
}

export async function deleteExpiredEmailChangeLocks(db: Executor, { now }: { now: Date }): Promise<number> {
  const rows = await db
    .delete(emailChangeLocks)
    .where(lt(emailChangeLocks.expiresAt, now))
    .returning({ id: emailChangeLocks.id });
  return rows.length;
}

/**
 * An address someone else's account may still take back with its lock link: nobody may register it
 * or move to it meanwhile, or a thief could occupy the victim's old address before the victim acts.
 */
export async function isEmailHeldForLock(
  db: Executor,
  { email, now, exceptUserId }: { email: string; now: Date; exceptUserId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChangeLocks.id })
    .from(emailChangeLocks)
    .where(
      and(
        sql`lower(${emailChangeLocks.previousEmail}) = ${email.toLowerCase()}`,
        isNull(emailChangeLocks.usedAt),
        gt(emailChangeLocks.expiresAt, now),
        exceptUserId ? ne(emailChangeLocks.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
