import { z } from 'zod';
import { defineRoute, idParams } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { PlanInputSchema, PlanSchema } from '../plans.ts';

const planId = idParams(MESSAGES.planNotFound);
const PlanResponseSchema = z.object({ data: PlanSchema, message: z.string() });

export const plansRoute = defineRoute({
  method: 'GET',
  path: '/api/plans',
  access: 'public',
  summary: 'The plans open to new investments.',
  response: z.object({ data: z.array(PlanSchema) }),
});

export const adminPlansRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/plans',
  access: 'admin',
  permission: 'config.read',
  summary: 'Every plan, retired ones included.',
  response: z.object({ data: z.array(PlanSchema) }),
});

export const createPlanRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/plans',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Create a plan: rate in percent per period, amounts in USD.',
  body: PlanInputSchema,
  response: PlanResponseSchema,
  status: 201,
  idempotent: true,
});

export const updatePlanRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/plans/:id',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Change a plan; running investments keep the terms they started with.',
  params: planId,
  body: PlanInputSchema,
  response: PlanResponseSchema,
});

export const retirePlanRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/retirePlan/:id',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Close a plan to new investments; running ones continue.',
  params: planId,
  response: PlanResponseSchema,
});

export const restorePlanRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/restorePlan/:id',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Open a retired plan to new investments again.',
  params: planId,
  response: PlanResponseSchema,
});
