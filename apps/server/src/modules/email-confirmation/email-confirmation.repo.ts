import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailConfirmations, users } from '../../db/schema/index.ts';

export async function insertEmailConfirmation(
  db: Executor,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmations).values(values);
}

/** Claims an unused, unexpired link atomically: a link works once. */
export async function claimEmailConfirmation(
  db: Executor,
  { tokenHash, now }: { tokenHash: string; now: Date },
) {
  const [row] = await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailConfirmations.tokenHash, tokenHash),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
  return row;
}

/**
 * Marks the address confirmed while it is still the account's address: a link sent before an
 * e-mail change confirms nothing. Returns whether it did.
 */
export async function markEmailConfirmed(
  db: Executor,
  { userId, email, now }: { userId: string; email: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.status, 'active'),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Used links and links past their time: nothing can use them any more. */
export async function deleteSpentEmailConfirmations(db: Executor, { now }: { now: Date }): Promise<number> {
  const rows = await db
    .delete(emailConfirmations)
    .where(or(isNotNull(emailConfirmations.usedAt), lt(emailConfirmations.expiresAt, now)))
    .returning({ id: emailConfirmations.id });
  return rows.length;
}
