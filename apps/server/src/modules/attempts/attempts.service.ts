import { MESSAGES } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type AttemptLimit, deleteAttemptRows, reserveAttemptRows } from './attempts.repo.ts';

export type { AttemptLimit };

/** An attempt that counts until it proves to be the owner's: `release` takes it back. */
export interface ReservedAttempt {
  release(db?: Executor): Promise<void>;
}

/**
 * The one limit on guessing: sign-in passwords and codes, recovery codes, the current password that
 * guards a change, reset requests and reset links. The attempt is reserved before the expensive
 * check, so however many arrive at once, at most `limit` are ever checked in the window, and a right
 * answer sent after the limit is spent is refused like any other.
 */
export async function reserveAttempt(
  deps: { db: Database; clock: Clock },
  { limits, windowMs }: { limits: AttemptLimit[]; windowMs: number },
): Promise<ReservedAttempt> {
  const now = deps.clock.now();
  const ids = await reserveAttemptRows(deps.db, { limits, now, since: new Date(now.getTime() - windowMs) });
  if (!ids) throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts);
  return { release: (db = deps.db) => deleteAttemptRows(db, { ids }) };
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteAttemptsBefore, deleteSubjectAttempts } from './attempts.repo.ts';
