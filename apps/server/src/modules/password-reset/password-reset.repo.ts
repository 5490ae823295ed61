import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema/index.ts';

export async function findActiveUserByEmail(db: Executor, { email }: { email: string }) {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, 'active')))
    .limit(1);
  return row;
}

export async function insertPasswordReset(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Claims an unused, unexpired reset atomically: a link works once. */
export async function claimPasswordReset(db: Executor, { tokenHash, now }: { tokenHash: string; now: Date }) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

export async function setPasswordHash(
  db: Executor,
  { userId, passwordHash }: { userId: string; passwordHash: string },
) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Every outstanding link of the user stops working: one was used, or the password changed another way. */
export async function voidPasswordResets(db: Executor, { userId, now }: { userId: string; now: Date }) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Used links and links past their time: nothing can use them any more. */
export async function deleteSpentPasswordResets(db: Executor, { now }: { now: Date }): Promise<number> {
  const rows = await db
    .delete(passwordResets)
    .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, now)))
    .returning({ id: passwordResets.id });
  return rows.length;
}
