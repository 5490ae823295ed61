import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { type Database, type Executor, preparedPerDatabase } from '../../db/client.ts';
import { loginFailures, sessions, users } from '../../db/schema/index.ts';

const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user'),
);

/** The live session behind a token hash, with its user: every authenticated request asks. */
export async function findSessionUser(db: Database, { tokenHash }: { tokenHash: string }) {
  const [row] = await sessionUserQuery(db).execute({ tokenHash });
  return row;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Executor, { sessionId }: { sessionId: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere. */
export async function deleteUserSessions(db: Executor, { userId }: { userId: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export async function countRecentFailures(
  db: Executor,
  { subjects, since }: { subjects: string[]; since: Date },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ subject: loginFailures.subject, failures: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.subject, subjects), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.subject);
  return new Map(rows.map((row) => [row.subject, row.failures]));
}

export async function recordFailures(db: Executor, { subjects }: { subjects: string[] }): Promise<void> {
  await db.insert(loginFailures).values(subjects.map((subject) => ({ subject })));
}

export async function clearFailures(db: Executor, { subject }: { subject: string }): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subject));
}
