import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

/** Advisory lock of the audit chain's head, beside the scheduled jobs' 7_215_0xx ids. */
const AUDIT_CHAIN_LOCK_ID = 7_215_030;

/**
 * Held until the transaction ends: two transactions appending at once are served one after the
 * other, so each reads the head the other wrote and the chain never forks. Transactions that write
 * run READ COMMITTED, so the head read in the next statement, after the wait, sees that commit
 * (under REPEATABLE READ it would not; the unique seq would then refuse the second append).
 */
export async function lockAuditChain(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`);
}

/**
 * The chain's last entry (none in an empty log) and the database's time to the millisecond, in
 * one trip while the lock is held: the entry's time is taken here, in append order.
 */
export async function readAuditHead(
  tx: Executor,
): Promise<{ head: { seq: number; hash: string } | null; nowMs: number }> {
  const result = await tx.execute<{ seq: string | null; hash: string | null; now_ms: number }>(sql`
    select head.seq::text as seq, head.hash,
      (extract(epoch from date_trunc('milliseconds', clock_timestamp())) * 1000)::float8 as now_ms
    from (select 1) as one
    left join lateral (select seq, hash from audit_log order by seq desc limit 1) as head on true`);
  const row = result.rows[0];
  if (!row) throw new Error('the audit head query returned no row');
  return {
    head: row.seq !== null && row.hash !== null ? { seq: Number(row.seq), hash: row.hash } : null,
    nowMs: row.now_ms,
  };
}

/**
 * When the actor did `action` within the last `withinMs`, oldest first. Measured on the database's
 * clock, the one that stamps the entries (`readAuditHead`), so the window and the times agree.
 */
export async function listRecentActTimes(
  db: Executor,
  { actorId, action, withinMs }: { actorId: string; action: string; withinMs: number },
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actorId),
        eq(auditLog.action, action),
        gt(auditLog.createdAt, sql`clock_timestamp() - ${withinMs}::float8 * interval '1 millisecond'`),
      ),
    )
    .orderBy(asc(auditLog.createdAt));
  return rows.map((row) => row.createdAt);
}

export async function insertAuditEntry(db: Executor, values: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(values);
}

/**
 * Entries in chain order after `afterSeq`, at most `limit`, with `before` and `after` as the text
 * PostgreSQL stores: read through the driver, a jsonb string that looks like JSON ('"12"') would
 * come back parsed a second time (12) and no longer hash as written.
 */
export async function listAuditChainPage(
  db: Executor,
  { afterSeq, limit }: { afterSeq: number; limit: number },
) {
  return db
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      prevHash: auditLog.prevHash,
      hash: auditLog.hash,
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      beforeJson: sql<string | null>`${auditLog.before}::text`,
      afterJson: sql<string | null>`${auditLog.after}::text`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(gt(auditLog.seq, afterSeq))
    .orderBy(asc(auditLog.seq))
    .limit(limit);
}

export async function listAuditRows(
  db: Executor,
  filter: { page: number; pageSize: number; action?: string; targetType?: string; targetId?: string },
) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.fullName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      // Append order: entries of one transaction share no tie, unlike their times could.
      .orderBy(desc(auditLog.seq))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
