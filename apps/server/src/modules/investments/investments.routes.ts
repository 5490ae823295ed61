import { FundReserveRequestSchema, InvestRequestSchema, MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import { fundReserve, getReserveStatus, invest, listInvestments } from './investments.service.ts';

export async function investmentRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/user/invest',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request, reply) => {
      const input = parseWith(InvestRequestSchema, request.body);
      const { status, body } = await invest(
        app.db,
        app.clock,
        actorOf(request),
        input,
        idempotencyKeyOf(request),
      );
      return reply.code(status).send(body);
    },
  );

  app.get('/api/user/investments', { onRequest: requireUser }, async (request) => {
    return { data: await listInvestments(app.db, actorOf(request).user.id) };
  });
}

/** Inside the admin scope. */
export async function adminReserveRoutes(app: FastifyInstance): Promise<void> {
  app.get('/reserve', async () => ({ data: await getReserveStatus(app.db, app.clock) }));

  app.put('/fundReserve', async (request) => {
    const input = parseWith(FundReserveRequestSchema, request.body);
    return {
      data: await fundReserve(app.db, app.clock, actorOf(request), input),
      message: MESSAGES.reserveFunded,
    };
  });
}
