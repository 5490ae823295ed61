import { MESSAGES, notificationsRoute, readNotificationsRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getNotifications, readNotifications } from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  route(app, notificationsRoute, ({ actor, query }) =>
    getNotifications(app.db, { userId: actor.user.id, ...query }),
  );

  route(app, readNotificationsRoute, async ({ actor, body }) => {
    await readNotifications(app.db, { userId: actor.user.id, ids: body.ids, now: app.clock.now() });
    return { message: MESSAGES.notificationsRead };
  });
}
