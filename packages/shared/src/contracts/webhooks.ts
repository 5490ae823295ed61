import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema, pageOf } from '../contract.ts';
import {
  CreateWebhookEndpointRequestSchema,
  UpdateWebhookEndpointRequestSchema,
  WEBHOOK_MESSAGES,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '../webhook-endpoints.ts';

export const webhookEndpointsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/webhooks',
  access: 'admin',
  permission: 'config.read',
  summary: 'The webhook endpoints, oldest first, with how many deliveries wait and how many failed.',
  response: z.object({ data: z.array(WebhookEndpointSchema) }),
});

export const createWebhookEndpointRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/webhooks',
  access: 'admin',
  permission: 'config.manage',
  summary:
    'Add an endpoint (HTTPS, unless the server allows private networks) for some event types; its signing secret is answered this once.',
  body: CreateWebhookEndpointRequestSchema,
  response: z.object({ data: WebhookEndpointWithSecretSchema, message: z.string() }),
  status: 201,
  idempotent: true,
  isReauthRequired: true,
});

export const updateWebhookEndpointRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/webhooks/:id',
  access: 'admin',
  permission: 'config.manage',
  summary:
    "Change an endpoint's URL, description, event types, or turn it off (its pending deliveries wait until it is on again).",
  params: idParams(WEBHOOK_MESSAGES.endpointNotFound),
  body: UpdateWebhookEndpointRequestSchema,
  response: z.object({ data: WebhookEndpointSchema, message: z.string() }),
  isReauthRequired: true,
});

export const deleteWebhookEndpointRoute = defineRoute({
  method: 'DELETE',
  path: '/api/admin/webhooks/:id',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Remove an endpoint with its deliveries; nothing more is sent to it.',
  params: idParams(WEBHOOK_MESSAGES.endpointNotFound),
  response: MessageResponseSchema,
});

export const rotateWebhookSecretRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/webhooks/:id/rotateSecret',
  access: 'admin',
  permission: 'config.manage',
  summary:
    'A new signing secret, answered this once; the previous one signs beside it for 24 hours (two signatures in webhook-signature).',
  params: idParams(WEBHOOK_MESSAGES.endpointNotFound),
  response: z.object({ data: WebhookEndpointWithSecretSchema, message: z.string() }),
  isReauthRequired: true,
});

export const sendWebhookTestRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/webhooks/:id/test',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Queue a `webhook.test` event for this endpoint alone, delivered and signed as any other.',
  params: idParams(WEBHOOK_MESSAGES.endpointNotFound),
  response: z.object({ data: WebhookDeliverySchema, message: z.string() }),
  status: 201,
});

export const webhookDeliveriesRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
  access: 'admin',
  permission: 'config.read',
  summary: "An endpoint's deliveries, newest first, optionally of one status.",
  params: idParams(WEBHOOK_MESSAGES.endpointNotFound),
  query: WebhookDeliveriesQuerySchema,
  response: pageOf(WebhookDeliverySchema),
});

export const webhookDeliveryRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/webhookDeliveries/:id',
  access: 'admin',
  permission: 'config.read',
  summary:
    'One delivery: the body sent and every attempt (time, duration, status, the answer’s first kilobyte, error).',
  params: idParams(WEBHOOK_MESSAGES.deliveryNotFound),
  response: z.object({ data: WebhookDeliveryDetailSchema }),
});

export const redeliverWebhookRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/webhookDeliveries/:id/redeliver',
  access: 'admin',
  permission: 'config.manage',
  summary:
    'Send a delivery again, now and with a fresh round of retries, with the same webhook-id (receivers deduplicate by it), in its place in the endpoint’s order.',
  params: idParams(WEBHOOK_MESSAGES.deliveryNotFound),
  response: z.object({ data: WebhookDeliverySchema, message: z.string() }),
});
