import type { StaffPermission } from '@vestora/shared';
import type { users } from '../../db/schema/users.ts';

/** Who is acting on a request: the signed-in user and the session it came through. */
export interface Actor {
  user: typeof users.$inferSelect;
  /**
   * The session's id; for a request made with an API key, the key's id, which names no session, so
   * nothing a session holds (a recent re-authentication) applies to it.
   */
  sessionId: string;
  /** Whether the administrator role is in force for this request: every admin check reads this. */
  hasAdminPowers: boolean;
  /**
   * Set when the request came with a staff API key (issue 32): the owner acts, holding at most the
   * key's permissions, never re-authenticated and never as an approver.
   */
  apiKey?: ActingApiKey;
}

export interface ActingApiKey {
  id: string;
  name: string;
  permissions: readonly StaffPermission[];
}
