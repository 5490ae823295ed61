import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeyCalls, apiKeys, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('the api key insert returned no row');
  return row;
}

export async function listApiKeysOf(db: Executor, { ownerId }: { ownerId: string }): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.ownerId, ownerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * The key with this hash and its owner's account, in one lookup by the unique hash: read on every
 * request, never cached, so a revocation or a change of the owner counts from the next request.
 */
export async function findApiKeyWithOwner(db: Executor, { tokenHash }: { tokenHash: string }) {
  const [found] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.ownerId))
    .where(eq(apiKeys.tokenHash, tokenHash));
  return found;
}

/** Revokes the owner's key unless it already is; the revoked row, or undefined. */
export async function revokeApiKeyOf(
  db: Executor,
  { id, ownerId, at }: { id: string; ownerId: string; at: Date },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedBy: ownerId })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

export async function findApiKeyOf(
  db: Executor,
  { id, ownerId }: { id: string; ownerId: string },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerId, ownerId)));
  return row;
}

/** Appends the call to the key's record and marks the key used, in one round trip. */
export async function recordApiKeyCall(db: Executor, call: typeof apiKeyCalls.$inferInsert): Promise<void> {
  await db.execute(sql`
    with recorded as (
      insert into ${apiKeyCalls} (api_key_id, called_at, method, path, status_code, ip)
      values (${call.apiKeyId}, ${call.calledAt}, ${call.method}, ${call.path}, ${call.statusCode}, ${call.ip})
    )
    update ${apiKeys} set last_used_at = ${call.calledAt}, last_used_ip = ${call.ip}
    where id = ${call.apiKeyId}`);
}

/** The record of calls made with keys, past its retention; returns how many went. */
export async function deleteApiKeyCallsBefore(db: Executor, { before }: { before: Date }): Promise<number> {
  const removed = await db
    .delete(apiKeyCalls)
    .where(lt(apiKeyCalls.calledAt, before))
    .returning({ id: apiKeyCalls.id });
  return removed.length;
}
