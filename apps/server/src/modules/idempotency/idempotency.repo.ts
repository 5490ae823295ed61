import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** Transaction-scoped: released at commit or rollback, so a crashed request never holds a key. */
export async function tryLockKey(db: Executor, { userId, key }: { userId: string; key: string }) {
  const result = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`${userId}:${key}`}, 7215)) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/** The key's stored answer, if it was saved after `notBefore` (older ones are past their retention). */
export async function findKey(
  db: Executor,
  { userId, key, notBefore }: { userId: string; key: string; notBefore: Date },
) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gt(idempotencyKeys.createdAt, notBefore),
      ),
    );
  return row;
}

export async function saveKey(db: Executor, values: typeof idempotencyKeys.$inferInsert): Promise<void> {
  await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        requestHash: values.requestHash,
        responseStatus: values.responseStatus,
        responseBody: values.responseBody,
        createdAt: values.createdAt,
      },
    });
}
