import { SECURITY_AUDIT_ACTIONS, type SecurityAuditAction } from '@vestora/shared';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, loginEvents, sessions, users } from '../../db/schema/index.ts';

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
