import { closeAccountRoute, MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { closeOwnAccount } from './account-closure.service.ts';

export async function accountClosureRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    closeAccountRoute,
    async ({ actor, body }) => {
      await closeOwnAccount(app, actor, body);
      return { message: MESSAGES.accountClosed };
    },
    { onRequest: [throttle(app, 'write')] },
  );
}
