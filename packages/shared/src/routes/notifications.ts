import type { RouteRef } from '../contract.ts';
import type * as notifications from '../contracts/notifications.ts';

export const notificationsRoute: RouteRef<typeof notifications.notificationsRoute> = {
  method: 'GET',
  path: '/api/user/notifications',
};
export const readNotificationsRoute: RouteRef<typeof notifications.readNotificationsRoute> = {
  method: 'PUT',
  path: '/api/user/notifications/read',
};
