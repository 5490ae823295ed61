import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { attempts } from '../../db/schema/index.ts';

/** Keeps the advisory locks of attempts apart from every other advisory lock of the platform. */
const ATTEMPT_LOCK_SPACE = 7_215_003;

export interface AttemptLimit {
  subject: string;
  limit: number;
}

/**
 * Reserves one attempt on every subject, or none: while any subject already holds `limit` attempts
 * since `since`, nothing is written and null comes back. Each subject's count and insert run under
 * its own transaction-scoped advisory lock, taken in sorted order, so concurrent requests on any
 * number of processes are counted one after another and never all see room for themselves.
 */
export async function reserveAttemptRows(
  db: Database,
  { limits, since, now }: { limits: AttemptLimit[]; since: Date; now: Date },
): Promise<string[] | null> {
  const subjects = [...new Set(limits.map((limit) => limit.subject))].sort();
  return db.transaction(async (tx) => {
    for (const subject of subjects) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_SPACE}, hashtext(${subject}))`);
    }
    const counts = await countAttempts(tx, { subjects, since });
    const isSpent = limits.some(({ subject, limit }) => (counts.get(subject) ?? 0) >= limit);
    if (isSpent) return null;
    const rows = await tx
      .insert(attempts)
      .values(subjects.map((subject) => ({ subject, attemptedAt: now })))
      .returning({ id: attempts.id });
    return rows.map((row) => row.id);
  });
}

async function countAttempts(
  db: Executor,
  { subjects, since }: { subjects: string[]; since: Date },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ subject: attempts.subject, attempts: count() })
    .from(attempts)
    .where(and(inArray(attempts.subject, subjects), gt(attempts.attemptedAt, since)))
    .groupBy(attempts.subject);
  return new Map(rows.map((row) => [row.subject, row.attempts]));
}

export async function deleteAttemptRows(db: Executor, { ids }: { ids: string[] }): Promise<void> {
  if (ids.length > 0) await db.delete(attempts).where(inArray(attempts.id, ids));
}

export async function deleteSubjectAttempts(db: Executor, { subject }: { subject: string }): Promise<void> {
  await db.delete(attempts).where(eq(attempts.subject, subject));
}

export async function deleteAttemptsBefore(db: Executor, { before }: { before: Date }): Promise<number> {
  const rows = await db
    .delete(attempts)
    .where(lt(attempts.attemptedAt, before))
    .returning({ id: attempts.id });
  return rows.length;
}
