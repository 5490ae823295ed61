import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, values: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(values);
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
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
