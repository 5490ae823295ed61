import { z } from 'zod';
import { PageQuerySchema } from './user.ts';
import { WEBHOOK_EVENT_TYPES } from './webhooks.ts';

/**
 * What the console's webhook pages and the server's refusals say. Here rather than in MESSAGES,
 * which every first page downloads: only the console's integrations pages load them.
 */
export const WEBHOOK_MESSAGES = {
  endpointNotFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Webhook delivery not found.',
  urlInvalid: 'Enter the endpoint URL, such as https://example.com/webhooks.',
  urlTooLong: 'Keep the endpoint URL to 2000 characters.',
  httpsRequired: 'The endpoint URL must start with https://.',
  urlCredentials:
    'Put no user name or password in the URL: the signature tells the endpoint the event is ours.',
  descriptionTooLong: 'Keep the description to 200 characters.',
  eventTypesRequired: 'Choose at least one event type.',
  eventTypeUnknown: 'Choose event types from the list.',
  endpointDisabled: 'Turn the endpoint on first: a turned-off endpoint is sent nothing.',
  created: 'Webhook endpoint added. Copy its signing secret now: it is not shown again.',
  updated: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint removed; its deliveries were removed with it.',
  rotated:
    'Signing secret rotated. Copy the new secret now: it is not shown again. The previous one signs too for 24 hours.',
  testQueued: 'Test event queued for delivery.',
  redeliveryQueued: 'Delivery queued again, with the same webhook-id.',
} as const;

/** How long the previous signing secret keeps signing after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * A refused destination: its host is, or resolves to, an address of the platform's own networks,
 * which a webhook could otherwise probe. `kind` comes with its article: `a loopback`.
 */
export function webhookAddressRefusedMessage(address: string, kind: string): string {
  return `Refused: ${address} is ${kind} address. Webhooks go to such addresses only when the server allows private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS).`;
}

const url = z
  .string({ message: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, message: WEBHOOK_MESSAGES.urlInvalid }));

const description = z
  .string({ message: WEBHOOK_MESSAGES.descriptionTooLong })
  .trim()
  .max(200, WEBHOOK_MESSAGES.descriptionTooLong);

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: WEBHOOK_MESSAGES.eventTypeUnknown }), {
    message: WEBHOOK_MESSAGES.eventTypesRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
  // Each type once, in the list's order, whatever order the form sent them in.
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type)));

/** The console's form for a new endpoint. */
export const CreateWebhookEndpointRequestSchema = z.object({
  url,
  description: description.default(''),
  eventTypes,
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

/** The console's form for an endpoint: the same fields, and whether it receives events. */
export const UpdateWebhookEndpointRequestSchema = z.object({
  url,
  description,
  eventTypes,
  isEnabled: z.boolean({ message: 'Say whether the endpoint is enabled.' }),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequestSchema>;

/** An endpoint as the console lists it; its secret is shown only when created or rotated. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isEnabled: z.boolean(),
  /** The secret's first characters (`whsec_` and four more), to match it with the receiver's copy. */
  secretPrefix: z.string(),
  /** While a rotation's overlap lasts, the previous secret signs too, until then. */
  previousSecretExpiresAt: z.string().nullable(),
  /** Deliveries waiting (or being retried), and deliveries that failed for good. */
  pendingDeliveries: z.number().int(),
  failedDeliveries: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer of creating an endpoint or rotating its secret: the only times the secret is shown. */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  /** `whsec_` and the base64 of the key: give it to the receiver to verify signatures. */
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

/** One delivery of one event to one endpoint; its `eventId` is the `webhook-id` the endpoint sees. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  /** An event type, or `webhook.test` for a test event. */
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When a pending delivery is tried next (it may also wait behind an older one of its endpoint). */
  nextAttemptAt: z.string().nullable(),
  /** The last attempt's HTTP status, or null when there was no answer (refused, timed out) or no attempt. */
  lastStatusCode: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  succeededAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** One try of a delivery: the endpoint's answer, or why there was none. */
export const WebhookAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  /** The first kilobyte of the answer's body, as text. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** A delivery with its attempts, oldest first, and the body that was (or will be) sent. */
export const WebhookDeliveryDetailSchema = WebhookDeliverySchema.extend({
  payload: z.string(),
  attemptLog: z.array(WebhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>;

/** An endpoint's deliveries, newest first, optionally of one status. */
export const WebhookDeliveriesQuerySchema = PageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: 'Choose pending, succeeded or failed.' }).optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuerySchema>;
