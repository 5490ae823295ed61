import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

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

/** Signs out every other device after a password change; the current session stays. */
export async function deleteOtherSessions(
  db: Executor,
  { userId, keepSessionId }: { userId: string; keepSessionId: string },
) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
