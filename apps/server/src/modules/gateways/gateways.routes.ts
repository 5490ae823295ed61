import {
  addGatewayRoute,
  adminGatewaysRoute,
  coinGatewaysRoute,
  deleteGatewayRoute,
  MESSAGES,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { addGateway, deleteGateway, gatewaysForCoin, listGateways } from './gateways.service.ts';

export async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  route(app, coinGatewaysRoute, async ({ params }) => ({
    data: await gatewaysForCoin(app, params.mode),
  }));

  route(app, adminGatewaysRoute, async () => ({ data: await listGateways(app) }));

  route(
    app,
    addGatewayRoute,
    async ({ tx, actor, body, file }) => {
      const added = await addGateway(tx, app, actor, { ...body, image: file });
      return added.status === 'pending'
        ? {
            data: { _id: added.changeId, status: 'pending' as const },
            message: MESSAGES.gatewayChangePending,
          }
        : { data: added.gateway, message: MESSAGES.gatewayAdded };
    },
    { onRequest: [throttle(app, 'write')] },
  );

  route(app, deleteGatewayRoute, async ({ actor, params }) => {
    await deleteGateway(app.db, { actor, now: app.clock.now() }, params.id);
    return { message: MESSAGES.gatewayDeleted };
  });
}
