import type { RouteRef } from '../contract.ts';
import type * as push from '../contracts/push.ts';

export const pushPublicKeyRoute: RouteRef<typeof push.pushPublicKeyRoute> = {
  method: 'GET',
  path: '/api/user/push/publicKey',
};
export const createPushSubscriptionRoute: RouteRef<typeof push.createPushSubscriptionRoute> = {
  method: 'POST',
  path: '/api/user/push/subscriptions',
};
export const deletePushSubscriptionRoute: RouteRef<typeof push.deletePushSubscriptionRoute> = {
  method: 'DELETE',
  path: '/api/user/push/subscriptions',
};
export const pushPreferencesRoute: RouteRef<typeof push.pushPreferencesRoute> = {
  method: 'GET',
  path: '/api/user/push/preferences',
};
export const setPushPreferencesRoute: RouteRef<typeof push.setPushPreferencesRoute> = {
  method: 'PUT',
  path: '/api/user/push/preferences',
};
