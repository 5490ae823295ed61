import {
  adminPlansRoute,
  createPlanRoute,
  MESSAGES,
  plansRoute,
  restorePlanRoute,
  retirePlanRoute,
  updatePlanRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { createPlan, listPlans, setPlanStatus, updatePlan } from './plans.service.ts';

export async function planRoutes(app: FastifyInstance): Promise<void> {
  route(app, plansRoute, async () => ({ data: await listPlans(app.db, { activeOnly: true }) }));

  route(app, adminPlansRoute, async () => ({ data: await listPlans(app.db, { activeOnly: false }) }));

  route(app, createPlanRoute, async ({ tx, actor, body }) => ({
    data: await createPlan(tx, actor, body),
    message: MESSAGES.planSaved,
  }));

  route(app, updatePlanRoute, async ({ actor, params, body }) => ({
    data: await updatePlan(app.db, { actor, now: app.clock.now() }, params.id, body),
    message: MESSAGES.planSaved,
  }));

  route(app, retirePlanRoute, async ({ actor, params }) => ({
    data: await setPlanStatus(app.db, { actor, now: app.clock.now() }, params.id, 'retired'),
    message: MESSAGES.planRetiredNow,
  }));

  route(app, restorePlanRoute, async ({ actor, params }) => ({
    data: await setPlanStatus(app.db, { actor, now: app.clock.now() }, params.id, 'active'),
    message: MESSAGES.planSaved,
  }));
}
