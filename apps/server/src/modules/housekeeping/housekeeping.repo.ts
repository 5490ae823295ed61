import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys, loginEvents } from '../../db/schema/index.ts';

export async function deleteIdempotencyKeysBefore(
  db: Executor,
  { before }: { before: Date },
): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

export async function deleteLoginEventsBefore(db: Executor, { before }: { before: Date }): Promise<number> {
  const rows = await db
    .delete(loginEvents)
    .where(lt(loginEvents.createdAt, before))
    .returning({ id: loginEvents.id });
  return rows.length;
}
