import { MESSAGES } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { readFormOrJson } from '../../lib/multipart.ts';
import { throttle } from '../../lib/throttle.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { addGateway, deleteGateway, gatewaysForCoin, listGateways } from './gateways.service.ts';

export async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { mode: string } }>(
    '/api/user/getPostByName/:mode',
    { onRequest: requireUser },
    async (request) => {
      return { data: await gatewaysForCoin(app.db, request.params.mode) };
    },
  );
}

/** Inside the admin scope. */
export async function adminGatewayRoutes(app: FastifyInstance): Promise<void> {
  app.get('/getPost', async () => ({ data: await listGateways(app.db) }));

  app.post('/postWay', { onRequest: throttle(app, 'write') }, async (request, reply) => {
    const { fields, file } = await readFormOrJson(request, 'image');
    const added = await addGateway({ db: app.db, clock: app.clock }, actorOf(request), {
      address: fields.add,
      type: fields.type,
      image: file,
    });
    if (added.status === 'pending') {
      return reply
        .code(202)
        .send({ data: { _id: added.changeId, status: 'pending' }, message: MESSAGES.gatewayChangePending });
    }
    return reply.code(201).send({ data: added.gateway, message: MESSAGES.gatewayAdded });
  });

  app.delete<{ Params: { id: string } }>('/deletePost/:id', async (request) => {
    await deleteGateway(app.db, actorOf(request), request.params.id);
    return { message: MESSAGES.gatewayDeleted };
  });
}
