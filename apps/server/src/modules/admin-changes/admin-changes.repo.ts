import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminChanges, users } from '../../db/schema/index.ts';

export type AdminChangeRow = typeof adminChanges.$inferSelect;

export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 'active'), eq(users.suspended, false)));
  return row?.total ?? 0;
}

export async function insertAdminChange(
  db: Executor,
  values: Pick<AdminChangeRow, 'kind' | 'subject' | 'payload' | 'requestedBy' | 'requestedAt'>,
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
