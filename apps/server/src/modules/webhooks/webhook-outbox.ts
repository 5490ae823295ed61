import type { WebhookEvent } from '@vestora/shared';
import { arrayContains, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';

/**
 * Writes `event` to the outbox, with one delivery for each enabled endpoint subscribed to its type,
 * in the caller's transaction: the event exists exactly when the change that caused it commits,
 * and a rolled-back change leaves none. With no endpoint subscribed, nothing is written.
 */
export async function emitWebhookEvent(tx: Executor, event: WebhookEvent): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      sql`${webhookEndpoints.isEnabled} and ${arrayContains(webhookEndpoints.eventTypes, [event.type])}`,
    );
  if (endpoints.length === 0) return;
  const [row] = await tx
    .insert(webhookEvents)
    .values({ type: event.type, payload: event.data })
    .returning({ id: webhookEvents.id });
  if (!row) throw new Error('insert into webhook_events returned no row');
  await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ eventId: row.id, endpointId: endpoint.id })));
}
