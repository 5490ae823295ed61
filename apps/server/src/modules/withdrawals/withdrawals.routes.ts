import {
  ApproveWithdrawalRequestSchema,
  DeclineRequestSchema,
  WithdrawalsQuerySchema,
  WithdrawRequestSchema,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key.ts';
import { decideWithdrawal, getWithdrawals, requestWithdrawal } from './withdrawals.service.ts';

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/user/withdraw',
    { onRequest: [requireUser, throttle(app, 'write')] },
    async (request, reply) => {
      const input = parseWith(WithdrawRequestSchema, request.body);
      const { status, body } = await requestWithdrawal(
        { db: app.db, maxPending: app.config.caps.pendingWithdrawals },
        actorOf(request),
        input,
        idempotencyKeyOf(request),
      );
      return reply.code(status).send(body);
    },
  );

  app.get('/api/user/withdrawals', { onRequest: requireUser }, async (request) => {
    const query = parseWith(WithdrawalsQuerySchema, request.query);
    return getWithdrawals(app.db, { ...query, userId: actorOf(request).user.id });
  });
}

/** Inside the admin scope. */
export async function adminWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/withdrawals', async (request) => {
    return getWithdrawals(app.db, parseWith(WithdrawalsQuerySchema, request.query));
  });

  app.put<{ Params: { id: string } }>('/approveWithdrawal/:id', async (request, reply) => {
    const { txHash } = parseWith(ApproveWithdrawalRequestSchema, request.body);
    const { status, body } = await decideWithdrawal(
      app.db,
      actorOf(request),
      request.params.id,
      { action: 'approve', txHash: txHash || null },
      idempotencyKeyOf(request),
    );
    return reply.code(status).send(body);
  });

  app.put<{ Params: { id: string } }>('/declineWithdrawal/:id', async (request, reply) => {
    const { reason } = parseWith(DeclineRequestSchema, request.body);
    const { status, body } = await decideWithdrawal(
      app.db,
      actorOf(request),
      request.params.id,
      { action: 'decline', reason: reason || null },
      idempotencyKeyOf(request),
    );
    return reply.code(status).send(body);
  });
}
