import { MESSAGES, PlanInputSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { actorOf } from '../auth/auth.guard.ts';
import { createPlan, listPlans, setPlanStatus, updatePlan } from './plans.service.ts';

export async function planRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/plans', async () => ({ data: await listPlans(app.db, { activeOnly: true }) }));
}

/** Inside the admin scope. */
export async function adminPlanRoutes(app: FastifyInstance): Promise<void> {
  app.get('/plans', async () => ({ data: await listPlans(app.db, { activeOnly: false }) }));

  app.post('/plans', async (request, reply) => {
    const plan = await createPlan(app.db, actorOf(request), parseWith(PlanInputSchema, request.body));
    return reply.code(201).send({ data: plan, message: MESSAGES.planSaved });
  });

  app.put<{ Params: { id: string } }>('/plans/:id', async (request) => {
    const plan = await updatePlan(
      app.db,
      actorOf(request),
      request.params.id,
      parseWith(PlanInputSchema, request.body),
    );
    return { data: plan, message: MESSAGES.planSaved };
  });

  app.put<{ Params: { id: string } }>('/retirePlan/:id', async (request) => {
    return {
      data: await setPlanStatus(app.db, actorOf(request), request.params.id, 'retired'),
      message: MESSAGES.planRetiredNow,
    };
  });

  app.put<{ Params: { id: string } }>('/restorePlan/:id', async (request) => {
    return {
      data: await setPlanStatus(app.db, actorOf(request), request.params.id, 'active'),
      message: MESSAGES.planSaved,
    };
  });
}
