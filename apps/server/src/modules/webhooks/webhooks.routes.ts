import {
  createWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  redeliverWebhookRoute,
  rotateWebhookSecretRoute,
  sendWebhookTestRoute,
  updateWebhookEndpointRoute,
  WEBHOOK_MESSAGES,
  webhookDeliveriesRoute,
  webhookDeliveryRoute,
  webhookEndpointsRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };
  const allowPrivateNetworks = app.config.webhooks.allowPrivateNetworks;

  route(app, webhookEndpointsRoute, async () => ({ data: await listWebhookEndpoints(app.db) }));

  route(
    app,
    createWebhookEndpointRoute,
    async ({ tx, actor, body }) => ({
      data: await createWebhookEndpoint(tx, { actor, now: app.clock.now(), allowPrivateNetworks }, body),
      message: WEBHOOK_MESSAGES.created,
    }),
    writes,
  );

  route(
    app,
    updateWebhookEndpointRoute,
    async ({ actor, params, body }) => ({
      data: await updateWebhookEndpoint(
        app.db,
        { actor, now: app.clock.now(), allowPrivateNetworks },
        params.id,
        body,
      ),
      message: WEBHOOK_MESSAGES.updated,
    }),
    writes,
  );

  route(
    app,
    deleteWebhookEndpointRoute,
    async ({ actor, params }) => {
      await deleteWebhookEndpoint(app.db, { actor }, params.id);
      return { message: WEBHOOK_MESSAGES.deleted };
    },
    writes,
  );

  route(
    app,
    rotateWebhookSecretRoute,
    async ({ actor, params }) => ({
      data: await rotateWebhookSecret(app.db, { actor, now: app.clock.now() }, params.id),
      message: WEBHOOK_MESSAGES.rotated,
    }),
    writes,
  );

  route(
    app,
    sendWebhookTestRoute,
    async ({ actor, params }) => ({
      data: await sendWebhookTest(app.db, { actor, now: app.clock.now() }, params.id),
      message: WEBHOOK_MESSAGES.testQueued,
    }),
    writes,
  );

  route(app, webhookDeliveriesRoute, async ({ params, query }) =>
    listWebhookDeliveries(app.db, params.id, query),
  );

  route(app, webhookDeliveryRoute, async ({ params }) => ({
    data: await getWebhookDelivery(app.db, params.id),
  }));

  route(
    app,
    redeliverWebhookRoute,
    async ({ actor, params }) => ({
      data: await redeliverWebhook(app.db, { actor, now: app.clock.now() }, params.id),
      message: WEBHOOK_MESSAGES.redeliveryQueued,
    }),
    writes,
  );
}
