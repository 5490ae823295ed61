import { creditOrDebitRoute, MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { adjustBalance } from './adjustments.service.ts';

export async function adjustmentRoutes(app: FastifyInstance): Promise<void> {
  route(app, creditOrDebitRoute, async ({ tx, actor, params, body }) => ({
    data: await adjustBalance(tx, { actor, fileUrlBase: app.config.fileUrlBase }, params.id, body),
    message: body.mode === 'credit' ? MESSAGES.accountCredited : MESSAGES.accountDebited,
  }));
}
