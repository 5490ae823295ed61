import { API_KEY_MESSAGES, apiKeysRoute, createApiKeyRoute, revokeApiKeyRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import { createApiKey, listApiKeys, recordApiKeyUse, revokeApiKey } from './api-keys.service.ts';

export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, apiKeysRoute, async ({ actor }) => ({ data: await listApiKeys(app, actor) }));

  route(
    app,
    createApiKeyRoute,
    async ({ actor, body }) => {
      const { key, secret } = await createApiKey(app, actor, body);
      return { message: API_KEY_MESSAGES.created, data: key, secret };
    },
    writes,
  );

  route(
    app,
    revokeApiKeyRoute,
    async ({ actor, params }) => {
      await revokeApiKey(app, actor, params.id);
      return { message: API_KEY_MESSAGES.revoked };
    },
    writes,
  );
}

/**
 * Every request made with a key leaves a record once answered, reads and refusals included; on the
 * root instance, so it sees every route. A record that cannot be written is logged, not answered:
 * the answer has gone already.
 */
export function registerApiKeyCallRecord(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const apiKey = request.actor?.apiKey;
    if (!apiKey) return;
    try {
      await recordApiKeyUse(app, {
        apiKeyId: apiKey.id,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        statusCode: reply.statusCode,
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'the call of an API key was not recorded');
    }
  });
}
