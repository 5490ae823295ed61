import {
  createPushSubscriptionRoute,
  deletePushSubscriptionRoute,
  PUSH_MESSAGES,
  pushPreferencesRoute,
  pushPublicKeyRoute,
  setPushPreferencesRoute,
} from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../lib/throttle.ts';
import { route } from '../http/route.ts';
import {
  getPushChoices,
  getPushPublicKey,
  setPushChoices,
  subscribeToPushes,
  unsubscribeFromPushes,
} from './push.service.ts';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const writes = { onRequest: [throttle(app, 'write')] };

  route(app, pushPublicKeyRoute, async () => ({ data: await getPushPublicKey(app.db) }));

  route(
    app,
    createPushSubscriptionRoute,
    async ({ actor, body }) => {
      await subscribeToPushes(
        app.db,
        {
          userId: actor.user.id,
          now: app.clock.now(),
          allowPrivateNetworks: app.config.push.allowPrivateNetworks,
        },
        body,
      );
      return { message: PUSH_MESSAGES.subscribed };
    },
    writes,
  );

  route(
    app,
    deletePushSubscriptionRoute,
    async ({ actor, body }) => {
      await unsubscribeFromPushes(app.db, { userId: actor.user.id, endpoint: body.endpoint });
      return { message: PUSH_MESSAGES.unsubscribed };
    },
    writes,
  );

  route(app, pushPreferencesRoute, async ({ actor }) => ({
    data: await getPushChoices(app.db, actor.user.id),
  }));

  route(
    app,
    setPushPreferencesRoute,
    async ({ actor, body }) => ({
      data: await setPushChoices(app.db, actor.user.id, body),
      message: PUSH_MESSAGES.choicesSaved,
    }),
    writes,
  );
}
