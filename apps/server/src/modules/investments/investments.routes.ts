import { fundReserveRoute, investmentsRoute, investRoute, MESSAGES, reserveRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { fundReserve, getReserveStatus, invest, listInvestments } from './investments.service.ts';

export async function investmentRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    investRoute,
    async ({ tx, actor, body }) => ({
      data: await invest(tx, { actor, clock: app.clock }, body),
      message: MESSAGES.investmentStarted,
    }),
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, investmentsRoute, async ({ actor }) => ({
    data: await listInvestments(app.db, actor.user.id),
  }));

  route(app, reserveRoute, async () => ({ data: await getReserveStatus(app.db, app.clock) }));

  route(app, fundReserveRoute, async ({ tx, actor, body }) => ({
    data: await fundReserve(tx, { actor, clock: app.clock }, body),
    message: MESSAGES.reserveFunded,
  }));
}
