import { SECURITY_AUDIT_ACTIONS, type SecurityAuditAction } from '@vestora/shared';
import { and, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedPerDatabase } from '../../db/client.ts';
import { auditLog, loginEvents, sessions, users } from '../../db/schema/index.ts';

/**
 * Read along with every session lookup: whether its last-seen time is over a minute old, so only
 * then does the request spend a write on moving it (see `markSessionSeen`).
 */
export const isSessionSeenLongAgo = sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`;

/**
 * The one liveness rule of a session: its token matches, it has not expired, and no credential change
 * has ended its generation. Read with the session's user and, for callers that want them in the same
 * round trip, further columns of that user (`extra`), as a statement prepared once per database.
 */
export function liveSessionQuery<Extra extends Record<string, SQL>>(name: string, extra: Extra) {
  return preparedPerDatabase((db) =>
    db
      .select({ sessionId: sessions.id, isSeenLongAgo: isSessionSeenLongAgo, user: users, ...extra })
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
      .prepare(name),
  );
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
    reauthenticatedAt?: Date;
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

/** The user's sessions that still authenticate, most recently used first. */
export async function listLiveSessions(db: Executor, { userId }: { userId: string }) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        eq(sessions.generation, users.sessionGeneration),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Deletes the session only when it belongs to the user: false when it is someone else's or gone. */
export async function deleteSessionOfUser(
  db: Executor,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function listLatestLoginEvents(
  db: Executor,
  { userId, limit }: { userId: string; limit: number },
) {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}

/** The administrators' security acts on this account (suspension, role, second factor, sessions). */
export async function listLatestSecurityAudits(
  db: Executor,
  { userId, limit }: { userId: string; limit: number },
) {
  return db
    .select({
      id: auditLog.id,
      // The where clause admits only these actions.
      action: sql<SecurityAuditAction>`${auditLog.action}`,
      actorName: users.fullName,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, userId),
        inArray(auditLog.action, [...SECURITY_AUDIT_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
