import { DeclineRequestSchema, DepositRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { readFormOrJson } from '../../lib/multipart.ts';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import { createDeposit, decideDeposit } from './deposits.service.ts';

export async function depositRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/user/deposit',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request, reply) => {
      const { fields, file } = await readFormOrJson(request, 'image');
      const { mode, amountCents } = parseWith(DepositRequestSchema, fields);
      const { status, body } = await createDeposit(
        {
          db: app.db,
          minDepositCents: app.config.minDepositCents,
          maxPending: app.config.caps.pendingDeposits,
        },
        actorOf(request),
        { mode, amountCents, proof: file },
        idempotencyKeyOf(request),
      );
      return reply.code(status).send(body);
    },
  );
}

/** Inside the admin scope. */
export async function adminDepositRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: { id: string } }>('/approveDeposit/:id', async (request, reply) => {
    const { status, body } = await decideDeposit(
      app.db,
      actorOf(request),
      request.params.id,
      { action: 'approve' },
      idempotencyKeyOf(request),
    );
    return reply.code(status).send(body);
  });

  app.put<{ Params: { id: string } }>('/declineDeposit/:id', async (request, reply) => {
    const { reason } = parseWith(DeclineRequestSchema, request.body);
    const { status, body } = await decideDeposit(
      app.db,
      actorOf(request),
      request.params.id,
      { action: 'decline', reason: reason || null },
      idempotencyKeyOf(request),
    );
    return reply.code(status).send(body);
  });
}
