import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { type Database, type Executor, preparedPerDatabase } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/**
 * Read along with every session lookup: whether its last-seen time is over a minute old, so only
 * then does the request spend a write on moving it (see `markSessionSeen`).
 */
export const isSessionSeenLongAgo = sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`;

const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select({ sessionId: sessions.id, isSeenLongAgo: isSessionSeenLongAgo, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        eq(sessions.generation, users.sessionGeneration),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

/** The live session behind a token hash, with its user: every authenticated request asks. */
export async function findSessionUser(db: Database, { tokenHash }: { tokenHash: string }) {
  const [row] = await sessionUserQuery(db).execute({ tokenHash });
  return row;
}

/**
 * Inserts the session only while the user's generation is still the one the caller verified the
 * credentials against. The share lock waits for a credential change in flight, so a sign-in racing a
 * password change either ends before it (and the change ends the session) or sees the new generation.
 */
export async function insertSessionOfGeneration(
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    generation: number;
    ip: string;
    userAgent: string | null;
  },
): Promise<boolean> {
  const [current] = await db
    .select({ generation: users.sessionGeneration })
    .from(users)
    .where(eq(users.id, values.userId))
    .for('share');
  if (current?.generation !== values.generation) return false;
  await db.insert(sessions).values(values);
  return true;
}

/**
 * Ends every session of the user created before now, except `keepSessionId` (the one making the
 * change), by raising the user's generation: a session being created at this moment is ended too.
 */
export async function startNewSessionGeneration(
  db: Executor,
  { userId, keepSessionId }: { userId: string; keepSessionId?: string },
): Promise<void> {
  const [user] = await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.sessionGeneration });
  if (!user) return;
  const others = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(others);
  if (keepSessionId) {
    await db.update(sessions).set({ generation: user.generation }).where(eq(sessions.id, keepSessionId));
  }
}

/** Moves the session's last-seen time to now, unless another request already did within the minute. */
export async function markSessionSeen(db: Executor, { sessionId }: { sessionId: string }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isSessionSeenLongAgo));
}

export async function deleteSession(db: Executor, { sessionId }: { sessionId: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Executor, { now }: { now: Date }): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}
