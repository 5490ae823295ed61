import { API_KEY_MESSAGES, isApiKeyToken, MESSAGES } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashSessionToken } from '../auth/tokens.ts';
import type { Actor } from './actor.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSessionOfGeneration,
  liveSessionQuery,
  markSessionSeen,
  startNewSessionGeneration,
} from './sessions.repo.ts';

/**
 * The life of a session row: admitting a bearer token, opening, ending and sweeping sessions. Sign-in,
 * the profile read and every credential change call it; it calls no other module's service, so the
 * identity services all import it downwards.
 */

export interface SessionPolicy {
  /** REQUIRE_ADMIN_2FA: an administrator without a second factor holds no administrative power. */
  requireAdmin2fa: boolean;
}

type Selected<Extra> = { [K in keyof Extra]: Extra[K] extends { _: { type: infer T } } ? T : never };

/**
 * A bearer-token check that reads, with the live session and its user, further columns of that user
 * (`extra`) in the same prepared round trip; `name` names the prepared statement.
 */
export function defineSessionAdmission<Extra extends Parameters<typeof liveSessionQuery>[1]>(
  name: string,
  extra: Extra,
) {
  const query = liveSessionQuery(name, extra);
  return async (
    db: Database,
    token: string | undefined,
    policy: SessionPolicy,
  ): Promise<Actor & Selected<Extra>> => {
    if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.signInRequired);
    // A staff API key acts on the admin API only (requireAdmin admits it), never as an account.
    if (isApiKeyToken(token)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.userRouteRefused);
    const [found] = await query(db).execute({ tokenHash: hashSessionToken(token) });
    return admitSession(
      db,
      found as (Omit<Actor, 'hasAdminPowers'> & { isSeenLongAgo: boolean } & Selected<Extra>) | undefined,
      policy,
    );
  };
}

/** Resolves a bearer token to its live session; suspended and deleted accounts cannot act. */
export const authenticate = defineSessionAdmission('session_user', {});

/**
 * The same checks as `authenticate`, on a session row the live-session query read along with its
 * user; a session last seen over a minute ago is marked seen now (the one write, once a minute at most).
 */
async function admitSession<T extends Omit<Actor, 'hasAdminPowers'> & { isSeenLongAgo: boolean }>(
  db: Database,
  found: T | undefined,
  policy: SessionPolicy,
): Promise<T & Pick<Actor, 'hasAdminPowers'>> {
  if (found?.user.status !== 'active') {
    throw new AppError('UNAUTHENTICATED', MESSAGES.sessionExpired);
  }
  if (found.user.suspended) throw new AppError('FORBIDDEN', MESSAGES.suspended);
  if (found.isSeenLongAgo) await markSessionSeen(db, { sessionId: found.sessionId });
  const hasAdminPowers = found.user.isAdmin && (!policy.requireAdmin2fa || found.user.totpEnabledAt !== null);
  return { ...found, hasAdminPowers };
}

export { insertSessionOfGeneration as openSessionOfGeneration };

/** Signs the session out. */
export async function endSession(db: Executor, { sessionId }: { sessionId: string }): Promise<void> {
  await deleteSession(db, { sessionId });
}

/**
 * Ends every session of the user created before now, except `keepSessionId` (the one making the
 * change): see `startNewSessionGeneration`.
 */
export async function endSessionsOfUser(
  db: Executor,
  input: { userId: string; keepSessionId?: string },
): Promise<void> {
  await startNewSessionGeneration(db, input);
}

/** Deletes the sessions that expired before `now`; returns how many. */
export async function sweepExpiredSessions(db: Executor, input: { now: Date }): Promise<number> {
  return deleteExpiredSessions(db, input);
}
