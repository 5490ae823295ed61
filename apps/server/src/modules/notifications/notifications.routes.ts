import { MarkNotificationsReadRequestSchema, MESSAGES, PageQuerySchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { actorOf, requireUser } from '../auth/auth.guard.ts';
import { getNotifications, readNotifications } from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/notifications', { onRequest: requireUser }, async (request) => {
    const query = parseWith(PageQuerySchema, request.query);
    return getNotifications(app.db, { userId: actorOf(request).user.id, ...query });
  });

  app.put('/api/user/notifications/read', { onRequest: requireUser }, async (request) => {
    const { ids } = parseWith(MarkNotificationsReadRequestSchema, request.body);
    await readNotifications(app.db, actorOf(request).user.id, ids);
    return { message: MESSAGES.notificationsRead };
  });
}
