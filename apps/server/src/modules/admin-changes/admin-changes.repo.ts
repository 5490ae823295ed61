import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminChangeApprovals, adminChanges, users } from '../../db/schema/index.ts';

export type AdminChangeRow = typeof adminChanges.$inferSelect;

export async function insertAdminChange(
  db: Executor,
  values: Pick<
    AdminChangeRow,
    | 'kind'
    | 'subject'
    | 'payload'
    | 'requestedBy'
    | 'requestedAt'
    | 'requiredApprovals'
    | 'eligibleApproverIds'
  >,
): Promise<AdminChangeRow> {
  const [row] = await db.insert(adminChanges).values(values).returning();
  if (!row) throw new Error('admin change insert returned nothing');
  return row;
}

export async function listPendingAdminChanges(db: Executor) {
  return db
    .select({
      change: adminChanges,
      requester: { id: users.id, fullName: users.fullName, email: users.email },
    })
    .from(adminChanges)
    .innerJoin(users, eq(users.id, adminChanges.requestedBy))
    .where(eq(adminChanges.status, 'pending'))
    .orderBy(asc(adminChanges.requestedAt), asc(adminChanges.id));
}

/** The change, locked until the transaction ends, so two approvals decide it one after the other. */
export async function lockAdminChange(
  db: Executor,
  { id }: { id: string },
): Promise<AdminChangeRow | undefined> {
  const [row] = await db.select().from(adminChanges).where(eq(adminChanges.id, id)).for('update');
  return row;
}

export async function decideAdminChange(
  db: Executor,
  {
    id,
    status,
    decidedBy,
    decidedAt,
  }: { id: string; status: 'approved' | 'rejected'; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await db
    .update(adminChanges)
    .set({ status, decidedBy, decidedAt })
    .where(and(eq(adminChanges.id, id), eq(adminChanges.status, 'pending')));
}

/** Records one person's approval; false when they had approved it already. */
export async function insertApproval(
  db: Executor,
  values: { changeId: string; approverId: string; approvedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(adminChangeApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ changeId: adminChangeApprovals.changeId });
  return inserted.length > 0;
}

export async function listApprovals(db: Executor, changeIds: string[]) {
  if (changeIds.length === 0) return [];
  return db
    .select({
      changeId: adminChangeApprovals.changeId,
      approverId: adminChangeApprovals.approverId,
      fullName: users.fullName,
      approvedAt: adminChangeApprovals.approvedAt,
    })
    .from(adminChangeApprovals)
    .innerJoin(users, eq(users.id, adminChangeApprovals.approverId))
    .where(inArray(adminChangeApprovals.changeId, changeIds))
    .orderBy(asc(adminChangeApprovals.approvedAt));
}

/** Pending changes of one kind about one subject: a person's pending suspension, say. */
export async function listPendingChangesAbout(
  db: Executor,
  { kinds, subject }: { kinds: AdminChangeRow['kind'][]; subject: string },
): Promise<AdminChangeRow[]> {
  return db
    .select()
    .from(adminChanges)
    .where(
      and(
        eq(adminChanges.status, 'pending'),
        inArray(adminChanges.kind, kinds),
        eq(adminChanges.subject, subject),
      ),
    );
}
