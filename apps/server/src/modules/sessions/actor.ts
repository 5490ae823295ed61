import type { users } from '../../db/schema/users.ts';

/** Who is acting on a request: the signed-in user and the session it came through. */
export interface Actor {
  user: typeof users.$inferSelect;
  sessionId: string;
  /** Whether the administrator role is in force for this request: every admin check reads this. */
  hasAdminPowers: boolean;
}
