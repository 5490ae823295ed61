import { creditOrDebitRoute, MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { adjustBalance } from './adjustments.service.ts';

export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  route(app, creditOrDebitRoute, async ({ tx, actor, params, body }) => {
    const { data, isPending } = await adjustBalance(
      tx,
      { actor, config: app.config, clock: app.clock },
      params.id,
      body,
    );
    const done = body.mode === 'credit' ? MESSAGES.accountCredited : MESSAGES.accountDebited;
    return { data, message: isPending ? MESSAGES.creditPending : done };
  });
}
