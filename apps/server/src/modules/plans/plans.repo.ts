import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Pick<
  typeof plans.$inferInsert,
  'name' | 'rateBasisPoints' | 'period' | 'durationDays' | 'minCents' | 'maxCents' | 'principalReturn'
>;

export async function listPlanRows(
  db: Executor,
  { activeOnly }: { activeOnly: boolean },
): Promise<PlanRow[]> {
  const query = db.select().from(plans).orderBy(asc(plans.minCents), asc(plans.name));
  return activeOnly ? query.where(eq(plans.status, 'active')) : query;
}

export async function findPlanRow(db: Executor, { id }: { id: string }): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function insertPlanRow(db: Executor, values: PlanValues): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('plan insert returned nothing');
  return row;
}

export async function updatePlanRow(
  db: Executor,
  {
    id,
    values,
    now,
  }: { id: string; values: Partial<PlanValues> & { status?: PlanRow['status'] }; now: Date },
): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: now })
    .where(eq(plans.id, id))
    .returning();
  return row;
}
