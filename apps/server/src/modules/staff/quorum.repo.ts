import type { QuorumKind } from '@vestora/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { approvalPolicies, sessions } from '../../db/schema/index.ts';

export async function listPolicyRows(db: Executor): Promise<{ kind: string; quorum: number }[]> {
  return db.select({ kind: approvalPolicies.kind, quorum: approvalPolicies.quorum }).from(approvalPolicies);
}

export async function upsertPolicy(
  db: Executor,
  { kind, quorum, now }: { kind: QuorumKind; quorum: number; now: Date },
) {
  await db
    .insert(approvalPolicies)
    .values({ kind, quorum, updatedAt: now })
    .onConflictDoUpdate({ target: approvalPolicies.kind, set: { quorum, updatedAt: now } });
}

export async function findReauthenticatedAt(db: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

export async function markReauthenticated(db: Executor, { sessionId, at }: { sessionId: string; at: Date }) {
  await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, sessionId));
}
