import type { VerificationLevel } from '@vestora/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identityVerifications } from '../../db/schema/index.ts';

/**
 * How far `user` is verified: `full` once identity documents were approved, `basic` after the
 * specification's one-click "Verify User", else `none`. Read in the caller's transaction, so a
 * withdrawal counts against the limits of the level it was requested under.
 */
export async function verificationLevelOf(
  db: Executor,
  user: { id: string; isVerified: boolean },
): Promise<VerificationLevel> {
  const [approved] = await db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, user.id), eq(identityVerifications.status, 'approved')))
    .limit(1);
  if (approved) return 'full';
  return user.isVerified ? 'basic' : 'none';
}
