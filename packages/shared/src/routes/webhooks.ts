import type { RouteRef } from '../contract.ts';
import type * as webhooks from '../contracts/webhooks.ts';

export const webhookEndpointsRoute: RouteRef<typeof webhooks.webhookEndpointsRoute> = {
  method: 'GET',
  path: '/api/admin/webhooks',
};
export const createWebhookEndpointRoute: RouteRef<typeof webhooks.createWebhookEndpointRoute> = {
  method: 'POST',
  path: '/api/admin/webhooks',
};
export const updateWebhookEndpointRoute: RouteRef<typeof webhooks.updateWebhookEndpointRoute> = {
  method: 'PUT',
  path: '/api/admin/webhooks/:id',
};
export const deleteWebhookEndpointRoute: RouteRef<typeof webhooks.deleteWebhookEndpointRoute> = {
  method: 'DELETE',
  path: '/api/admin/webhooks/:id',
};
export const rotateWebhookSecretRoute: RouteRef<typeof webhooks.rotateWebhookSecretRoute> = {
  method: 'POST',
  path: '/api/admin/webhooks/:id/rotateSecret',
};
export const sendWebhookTestRoute: RouteRef<typeof webhooks.sendWebhookTestRoute> = {
  method: 'POST',
  path: '/api/admin/webhooks/:id/test',
};
export const webhookDeliveriesRoute: RouteRef<typeof webhooks.webhookDeliveriesRoute> = {
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
};
export const webhookDeliveryRoute: RouteRef<typeof webhooks.webhookDeliveryRoute> = {
  method: 'GET',
  path: '/api/admin/webhookDeliveries/:id',
};
export const redeliverWebhookRoute: RouteRef<typeof webhooks.redeliverWebhookRoute> = {
  method: 'POST',
  path: '/api/admin/webhookDeliveries/:id/redeliver',
};
