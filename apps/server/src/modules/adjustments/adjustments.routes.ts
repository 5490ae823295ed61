import { CreditOrDebitRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { actorOf } from '../auth/auth.guard.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import { adjustBalance } from './adjustments.service.ts';

/** Inside the admin scope. */
export async function adminAdjustmentRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: { id: string } }>('/creditOrDebit/:id', async (request, reply) => {
    const input = parseWith(CreditOrDebitRequestSchema, request.body);
    const { status, body } = await adjustBalance(
      app.db,
      actorOf(request),
      request.params.id,
      input,
      idempotencyKeyOf(request),
    );
    return reply.code(status).send(body);
  });
}
