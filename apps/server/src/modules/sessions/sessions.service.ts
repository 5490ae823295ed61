import { MESSAGES, type SecurityEvent, type SessionInfo, type WithdrawalAddressBook } from '@vestora/shared';
import type { AppConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { describeDevice } from '../../lib/device.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findUserById, lockActiveUserOrFail, UUID } from '../users/users.service.ts';
import { getAddressBook } from '../withdrawal-addresses/withdrawal-addresses.service.ts';
import type { Actor } from './actor.ts';
import { endSessionsOfUser } from './live-sessions.service.ts';
import { queueSecurityNotice } from './security-notice.ts';
import {
  deleteSessionOfUser,
  listLatestLoginEvents,
  listLatestSecurityAudits,
  listLiveSessions,
} from './sessions.repo.ts';

const SECURITY_EVENTS_SHOWN = 50;

async function listSessions(db: Executor, userId: string, currentSessionId: string): Promise<SessionInfo[]> {
  const rows = await listLiveSessions(db, { userId });
  return rows.map((row) => ({
    _id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
}

export function listOwnSessions(db: Executor, actor: Actor): Promise<SessionInfo[]> {
  return listSessions(db, actor.user.id, actor.sessionId);
}

/**
 * Ends one of the caller's sessions (their current one too: that is signing out). No password is
 * asked: ending a session only ever protects the account, and the owner who spots a stranger's device
 * must be able to cut it off at once. The row is gone, and every request looks its session up.
 */
export async function endOwnSession(db: Executor, actor: Actor, sessionId: string): Promise<void> {
  if (!(await deleteSessionOfUser(db, { userId: actor.user.id, sessionId }))) {
    throw new AppError('NOT_FOUND', MESSAGES.sessionNotFound);
  }
}

/** Sign out everywhere else; a sign-in still in flight elsewhere ends too, as the generation moves on. */
export async function endOtherSessions(db: Database, actor: Actor): Promise<void> {
  await runInTransaction(db, (tx) =>
    endSessionsOfUser(tx, { userId: actor.user.id, keepSessionId: actor.sessionId }),
  );
}

/** The active user behind an administrator's path id, or 404. */
async function findListedUser(db: Executor, userId: string) {
  const user = UUID.test(userId) ? await findUserById(db, { id: userId }) : undefined;
  if (user?.status !== 'active') throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return user;
}

export async function listUserSessions(db: Executor, actor: Actor, userId: string): Promise<SessionInfo[]> {
  await findListedUser(db, userId);
  return listSessions(db, userId, actor.sessionId);
}

/**
 * An administrator ends every session of someone else's account (a stolen phone, a shared laptop):
 * audited, notified and e-mailed in the same transaction.
 */
export async function endUserSessionsByAdmin(
  deps: { db: Database },
  actor: Actor,
  userId: string,
): Promise<void> {
  // Their own: from Settings, Security, which keeps the session they are using.
  if (userId === actor.user.id) throw new AppError('CONFLICT', MESSAGES.sessionsOwnEnd);
  await runInTransaction(deps.db, async (tx) => {
    await lockActiveUserOrFail(tx, userId, 'update');
    await endSessionsOfUser(tx, { userId });
    await recordAudit(tx, actor, { action: 'user.endSessions', targetType: 'user', targetId: userId });
    await notify(tx, {
      userId,
      kind: 'account',
      title: 'Signed out everywhere',
      body: 'An administrator signed your account out on every device.',
      link: '/user/security',
    });
    await queueSecurityNotice(tx, userId, 'sessionsEnded');
  });
}

export async function getUserAddressBook(
  deps: { db: Database; clock: Clock; config: AppConfig },
  userId: string,
): Promise<WithdrawalAddressBook> {
  await findListedUser(deps.db, userId);
  return getAddressBook(deps, userId);
}

/** Sign-in attempts and the administrators' security acts, merged newest first. */
export async function getSecurityEvents(db: Executor, userId: string): Promise<SecurityEvent[]> {
  await findListedUser(db, userId);
  const limit = SECURITY_EVENTS_SHOWN;
  const [logins, audits] = await Promise.all([
    listLatestLoginEvents(db, { userId, limit }),
    listLatestSecurityAudits(db, { userId, limit }),
  ]);
  const events: SecurityEvent[] = [
    ...logins.map((row) => ({
      _id: row.id,
      source: 'signIn' as const,
      outcome: row.outcome,
      ip: row.ip,
      device: describeDevice(row.userAgent),
      createdAt: row.createdAt.toISOString(),
    })),
    ...audits.map((row) => ({
      _id: row.id,
      source: 'admin' as const,
      action: row.action,
      actorName: row.actorName,
      createdAt: row.createdAt.toISOString(),
    })),
  ];
  // ISO times in UTC sort as text.
  return events.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}
