import { z } from 'zod';
import { MarkNotificationsReadRequestSchema, NotificationSchema } from '../account.ts';
import { defineRoute, MessageResponseSchema, pageOf } from '../contract.ts';
import { PageQuerySchema } from '../user.ts';

export const notificationsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/notifications',
  access: 'user',
  summary: "The signed-in user's notifications, newest first, with the number unread.",
  query: PageQuerySchema,
  response: pageOf(NotificationSchema).extend({ unread: z.number().int() }),
});

export const readNotificationsRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/notifications/read',
  access: 'user',
  summary: 'Mark the given notifications read, or every one when no ids are sent.',
  body: MarkNotificationsReadRequestSchema,
  response: MessageResponseSchema,
});
