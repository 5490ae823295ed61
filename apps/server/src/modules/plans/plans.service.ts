import { centsToUsd, MESSAGES, type Plan, type PlanInputSchema } from '@vestora/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { postgresCode } from '../../lib/transaction.ts';
import { findPlanRow, insertPlanRow, listPlanRows, type PlanRow, updatePlanRow } from './plans.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPlan(row: PlanRow): Plan {
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
  const row = UUID.test(id) ? await findPlanRow(db, { id }) : undefined;
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  return row;
}

type PlanValues = z.output<typeof PlanInputSchema>;

/** A duplicate name is the operator's mistake, not a crash. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresCode(error) === '23505') throw new AppError('CONFLICT', MESSAGES.planNameTaken);
    throw error;
  }
}

export async function createPlan(db: Executor, values: PlanValues): Promise<Plan> {
  return toPlan(await uniqueName(() => insertPlanRow(db, values)));
}

/** Changes apply to new investments only: running ones keep the terms they started with. */
export async function updatePlan(db: Executor, id: string, values: PlanValues): Promise<Plan> {
  await getPlanRow(db, id);
  const row = await uniqueName(() => updatePlanRow(db, { id, values }));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  return toPlan(row);
}

export async function setPlanStatus(db: Executor, id: string, status: PlanRow['status']): Promise<Plan> {
  await getPlanRow(db, id);
  const row = await updatePlanRow(db, { id, values: { status } });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  return toPlan(row);
}
