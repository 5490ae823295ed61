import {
  type CreateWebhookEndpointRequest,
  type Page,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { HOUR_MS } from '../../lib/time.ts';
import type { Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { OutboundRequestError, resolveDestination } from './outbound-request.ts';
import { webhookBody } from './webhook-sender.ts';
import { generateWebhookSecret, webhookSecretPrefix } from './webhook-signature.ts';
import {
  type DeliveryWithEvent,
  deleteEndpoint,
  type EndpointRow,
  type EndpointWithCounts,
  findDelivery,
  findEndpointWithCounts,
  insertEndpoint,
  insertEventForEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  lockEndpoint,
  requeueDelivery,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.repo.ts';

/** Who acts, when, and whether endpoints may sit on the operator's own networks. */
interface WebhookActDeps {
  actor: Actor;
  now: Date;
  allowPrivateNetworks: boolean;
}

export async function listWebhookEndpoints(db: Executor): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(db)).map(toWebhookEndpoint);
}

/** A new endpoint with a new secret, answered this once. */
export async function createWebhookEndpoint(
  tx: Transaction,
  { actor, now, allowPrivateNetworks }: WebhookActDeps,
  request: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  await assertDeliverableUrl(request.url, allowPrivateNetworks);
  const secret = generateWebhookSecret();
  const row = await insertEndpoint(tx, {
    ...request,
    secret,
    createdBy: actor.user.id,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(tx, actor, {
    action: 'webhook.create',
    targetType: 'webhookEndpoint',
    targetId: row.id,
    before: null,
    after: auditedFields(row),
  });
  return { ...toWebhookEndpoint({ endpoint: row, pendingDeliveries: 0, failedDeliveries: 0 }), secret };
}

export async function updateWebhookEndpoint(
  db: Database,
  { actor, now, allowPrivateNetworks }: WebhookActDeps,
  id: string,
  request: UpdateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  // Before the transaction: resolving the host may take a while, and needs no row.
  await assertDeliverableUrl(request.url, allowPrivateNetworks);
  return db.transaction(async (tx) => {
    // Locked so the audit's "before" is what this change replaced, not what a concurrent one wrote.
    const before = await lockEndpoint(tx, { id });
    if (!before) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    await updateEndpoint(tx, { id, now }, request);
    const after = await findEndpointWithCounts(tx, { id });
    if (!after) throw new Error('an endpoint locked in this transaction is gone');
    await recordAudit(tx, actor, {
      action: 'webhook.update',
      targetType: 'webhookEndpoint',
      targetId: id,
      before: auditedFields(before),
      after: auditedFields(after.endpoint),
    });
    return toWebhookEndpoint(after);
  });
}

export async function deleteWebhookEndpoint(
  db: Database,
  { actor }: { actor: Actor },
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteEndpoint(tx, { id });
    if (!removed) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      targetType: 'webhookEndpoint',
      targetId: id,
      before: auditedFields(removed),
      after: null,
    });
  });
}

/**
 * A new secret, answered this once; the previous one keeps signing beside it for the overlap, so
 * the receiver can switch without losing a delivery.
 */
export async function rotateWebhookSecret(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const secret = generateWebhookSecret();
  const overlapUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS);
  return db.transaction(async (tx) => {
    const rotated = await rotateEndpointSecret(tx, { id, secret, overlapUntil, now });
    if (!rotated) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    const endpoint = await findEndpointWithCounts(tx, { id });
    if (!endpoint) throw new Error('an endpoint rotated in this transaction is gone');
    await recordAudit(tx, actor, {
      action: 'webhook.rotateSecret',
      targetType: 'webhookEndpoint',
      targetId: id,
      before: null,
      after: { secretPrefix: webhookSecretPrefix(secret), previousSecretExpiresAt: overlapUntil },
    });
    return { ...toWebhookEndpoint(endpoint), secret };
  });
}

/** A `webhook.test` event for this endpoint alone, through the same outbox and sender as any other. */
export async function sendWebhookTest(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    // Locked so the endpoint cannot be turned off between the check and the delivery.
    const endpoint = await lockEndpoint(tx, { id });
    if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    if (!endpoint.isEnabled) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointDisabled);
    const deliveryId = await insertEventForEndpoint(tx, {
      endpointId: id,
      type: WEBHOOK_TEST_EVENT,
      payload: { endpointId: id, message: 'A test event from Vestora.' },
      now,
    });
    await recordAudit(tx, actor, {
      action: 'webhook.test',
      targetType: 'webhookEndpoint',
      targetId: id,
      before: null,
      after: { deliveryId },
    });
    return toWebhookDelivery(await mustFindDelivery(tx, deliveryId));
  });
}

export async function listWebhookDeliveries(
  db: Executor,
  endpointId: string,
  query: WebhookDeliveriesQuery,
): Promise<Page<WebhookDelivery>> {
  if (!(await findEndpointWithCounts(db, { id: endpointId }))) {
    throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  }
  const { rows, total } = await listDeliveries(db, {
    endpointId,
    status: query.status,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { data: rows.map(toWebhookDelivery), page: query.page, pageSize: query.pageSize, total };
}

/** One delivery with the body it sends and every attempt, oldest first. */
export async function getWebhookDelivery(db: Executor, id: string): Promise<WebhookDeliveryDetail> {
  const delivery = await findDelivery(db, { id });
  if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  const attempts = await listAttempts(db, { deliveryId: id });
  return {
    ...toWebhookDelivery(delivery),
    payload: webhookBody({
      type: delivery.eventType,
      payload: delivery.eventPayload,
      createdAt: delivery.eventCreatedAt,
    }),
    attemptLog: attempts.map((attempt) => ({
      id: attempt.id,
      attemptedAt: attempt.attemptedAt.toISOString(),
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
    })),
  };
}

/**
 * Sends a delivery again, due now with a fresh round of retries: the same event, so the same
 * `webhook-id`, and its place in its endpoint's order.
 */
export async function redeliverWebhook(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const before = await findDelivery(tx, { id });
    if (!before) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    const endpoint = await lockEndpoint(tx, { id: before.delivery.endpointId });
    if (!endpoint?.isEnabled) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointDisabled);
    if (!(await requeueDelivery(tx, { id, now }))) {
      throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    }
    await recordAudit(tx, actor, {
      action: 'webhook.redeliver',
      targetType: 'webhookDelivery',
      targetId: id,
      before: { status: before.delivery.status, attempts: before.delivery.attempts },
      after: { status: 'pending', attempts: 0 },
    });
    return toWebhookDelivery(await mustFindDelivery(tx, id));
  });
}

/**
 * Refuses a URL that can never be delivered to: credentials in it, plain http, or a host that is
 * (or resolves to) an address of the platform's own networks, unless private networks are allowed.
 * A host that does not resolve yet is accepted: each delivery checks it again.
 */
async function assertDeliverableUrl(url: string, allowPrivateNetworks: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.urlCredentials);
  }
  try {
    await resolveDestination(parsed, { allowPrivateNetworks });
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.isRefused) throw new AppError('BAD_REQUEST', error.message);
  }
}

async function mustFindDelivery(db: Executor, id: string): Promise<DeliveryWithEvent> {
  const delivery = await findDelivery(db, { id });
  if (!delivery) throw new Error('a delivery written in this transaction is gone');
  return delivery;
}

/** What the audit keeps of an endpoint: never its secrets. */
function auditedFields(row: EndpointRow) {
  return { url: row.url, description: row.description, eventTypes: row.eventTypes, isEnabled: row.isEnabled };
}

function toWebhookEndpoint({
  endpoint,
  pendingDeliveries,
  failedDeliveries,
}: EndpointWithCounts): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    isEnabled: endpoint.isEnabled,
    secretPrefix: webhookSecretPrefix(endpoint.secret),
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
    pendingDeliveries,
    failedDeliveries,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

function toWebhookDelivery(row: DeliveryWithEvent): WebhookDelivery {
  const { delivery } = row;
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: row.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    succeededAt: delivery.succeededAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

/** Reads and writes of this module that other modules call: its repository stays private to it. */
export { deleteFinishedEventsBefore } from './webhooks.repo.ts';
