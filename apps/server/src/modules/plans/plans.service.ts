import { centsToUsd, MESSAGES, type Plan, type PlanInputSchema } from '@vestora/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation, runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { findPlanRow, insertPlanRow, listPlanRows, type PlanRow, updatePlanRow } from './plans.repo.ts';

function toPlan(row: PlanRow): Plan {
  return {
    _id: row.id,
    name: row.name,
    rate: row.rateBasisPoints / 100,
    period: row.period,
    durationDays: row.durationDays,
    minAmount: centsToUsd(row.minCents),
    maxAmount: centsToUsd(row.maxCents),
    principalReturn: row.principalReturn,
    status: row.status,
  };
}

export async function listPlans(db: Executor, options: { activeOnly: boolean }): Promise<Plan[]> {
  return (await listPlanRows(db, options)).map(toPlan);
}

export async function getPlanRow(db: Executor, id: string): Promise<PlanRow> {
  const row = await findPlanRow(db, { id });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  return row;
}

type PlanValues = z.output<typeof PlanInputSchema>;

/** A duplicate name is the operator's mistake, not a crash. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.planNameTaken);
    throw error;
  }
}

export async function createPlan(tx: Transaction, actor: Actor, values: PlanValues): Promise<Plan> {
  const plan = toPlan(await uniqueName(() => insertPlanRow(tx, values)));
  await recordAudit(tx, actor, {
    action: 'plan.create',
    targetType: 'plan',
    targetId: plan._id,
    after: plan,
  });
  return plan;
}

/** Changes apply to new investments only: running ones keep the terms they started with. */
export async function updatePlan(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  values: PlanValues,
): Promise<Plan> {
  return uniqueName(() =>
    runInTransaction(db, async (tx) => {
      const before = toPlan(await getPlanRow(tx, id));
      const row = await updatePlanRow(tx, { id, values, now });
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
      const plan = toPlan(row);
      await recordAudit(tx, actor, {
        action: 'plan.update',
        targetType: 'plan',
        targetId: id,
        before,
        after: plan,
      });
      return plan;
    }),
  );
}

export async function setPlanStatus(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  status: PlanRow['status'],
): Promise<Plan> {
  return runInTransaction(db, async (tx) => {
    const before = toPlan(await getPlanRow(tx, id));
    const row = await updatePlanRow(tx, { id, values: { status }, now });
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
    const plan = toPlan(row);
    const action = status === 'retired' ? 'plan.retire' : 'plan.restore';
    await recordAudit(tx, actor, { action, targetType: 'plan', targetId: id, before, after: plan });
    return plan;
  });
}
