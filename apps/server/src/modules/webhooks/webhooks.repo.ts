import type { WebhookDeliveryStatus, WebhookEventType } from '@vestora/shared';
import { and, asc, count, desc, eq, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

const endpointColumns = {
  endpoint: webhookEndpoints,
  pendingDeliveries:
    sql<number>`count(${webhookDeliveries.id}) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(
      Number,
    ),
  failedDeliveries:
    sql<number>`count(${webhookDeliveries.id}) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(
      Number,
    ),
};
export type EndpointWithCounts = {
  endpoint: EndpointRow;
  pendingDeliveries: number;
  failedDeliveries: number;
};

/** Every endpoint, oldest first, with how many of its deliveries wait and how many failed. */
export async function listEndpoints(db: Executor): Promise<EndpointWithCounts[]> {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.endpointId, webhookEndpoints.id))
    .groupBy(webhookEndpoints.id)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpointWithCounts(
  db: Executor,
  { id }: { id: string },
): Promise<EndpointWithCounts | undefined> {
  const [row] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.endpointId, webhookEndpoints.id))
    .where(eq(webhookEndpoints.id, id))
    .groupBy(webhookEndpoints.id);
  return row;
}

export async function insertEndpoint(
  db: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert into webhook_endpoints returned no row');
  return row;
}

/** Locks the endpoint for the rest of the transaction: its changes are recorded against what they replace. */
export async function lockEndpoint(db: Executor, { id }: { id: string }): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row;
}

export async function updateEndpoint(
  db: Executor,
  { id, now }: { id: string; now: Date },
  values: { url: string; description: string; eventTypes: WebhookEventType[]; isEnabled: boolean },
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: now })
    .where(eq(webhookEndpoints.id, id));
}

/** The current secret becomes the previous one, signing beside the new one until `overlapUntil`. */
export async function rotateEndpointSecret(
  db: Executor,
  { id, secret, overlapUntil, now }: { id: string; secret: string; overlapUntil: Date; now: Date },
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      secret,
      previousSecretExpiresAt: overlapUntil,
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Removes the endpoint; its deliveries and their attempts go with it (foreign keys cascade). */
export async function deleteEndpoint(db: Executor, { id }: { id: string }): Promise<EndpointRow | undefined> {
  const [row] = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** Writes an event with one delivery, to one endpoint: the console's test event. */
export async function insertEventForEndpoint(
  db: Executor,
  { endpointId, type, payload, now }: { endpointId: string; type: string; payload: unknown; now: Date },
): Promise<string> {
  const [event] = await db
    .insert(webhookEvents)
    .values({ type, payload, createdAt: now })
    .returning({ id: webhookEvents.id });
  if (!event) throw new Error('insert into webhook_events returned no row');
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ eventId: event.id, endpointId, nextAttemptAt: now, createdAt: now })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('insert into webhook_deliveries returned no row');
  return delivery.id;
}

const deliveryColumns = {
  delivery: webhookDeliveries,
  eventType: webhookEvents.type,
  eventPayload: webhookEvents.payload,
  eventCreatedAt: webhookEvents.createdAt,
  lastStatusCode: sql<number | null>`(
    select ${webhookAttempts.statusCode} from ${webhookAttempts}
    where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id}
    order by ${webhookAttempts.attemptedAt} desc limit 1
  )`,
  lastAttemptAt: sql<Date | null>`(
    select max(${webhookAttempts.attemptedAt}) from ${webhookAttempts}
    where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id}
  )`.mapWith(webhookAttempts.attemptedAt),
};
export type DeliveryWithEvent = {
  delivery: typeof webhookDeliveries.$inferSelect;
  eventType: string;
  eventPayload: unknown;
  eventCreatedAt: Date;
  lastStatusCode: number | null;
  lastAttemptAt: Date | null;
};

/** An endpoint's deliveries, newest first, optionally of one status. */
export async function listDeliveries(
  db: Executor,
  {
    endpointId,
    status,
    page,
    pageSize,
  }: { endpointId: string; status: WebhookDeliveryStatus | undefined; page: number; pageSize: number },
): Promise<{ rows: DeliveryWithEvent[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDelivery(
  db: Executor,
  { id }: { id: string },
): Promise<DeliveryWithEvent | undefined> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function listAttempts(
  db: Executor,
  { deliveryId }: { deliveryId: string },
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
}

/** Back to pending, due now, with a fresh round of retries; the event, so its `webhook-id`, stays. */
export async function requeueDelivery(
  db: Executor,
  { id, now }: { id: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, succeededAt: null })
    .where(eq(webhookDeliveries.id, id))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** What the sender needs to make one attempt. */
export interface DueDelivery {
  id: string;
  endpointId: string;
  attempts: number;
  eventId: string;
  eventType: string;
  eventPayload: unknown;
  eventCreatedAt: Date;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * The deliveries to attempt now: of each enabled endpoint, its oldest pending delivery (the others
 * wait behind it, so each endpoint hears its events in order), when that one is due. Endpoints in
 * `excluding` are being served already.
 */
export async function listDueDeliveries(
  db: Executor,
  { now, excluding, limit }: { now: Date; excluding: string[]; limit: number },
): Promise<DueDelivery[]> {
  const heads = db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.isEnabled, true)),
    )
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        excluding.length > 0 ? notInArray(webhookDeliveries.endpointId, excluding) : undefined,
      ),
    )
    .orderBy(webhookDeliveries.endpointId, webhookDeliveries.seq)
    .as('heads');
  return db
    .select({
      id: heads.id,
      endpointId: heads.endpointId,
      attempts: heads.attempts,
      eventId: heads.eventId,
      eventType: webhookEvents.type,
      eventPayload: webhookEvents.payload,
      eventCreatedAt: webhookEvents.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(heads)
    .innerJoin(webhookEvents, eq(webhookEvents.id, heads.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, heads.endpointId))
    .where(lte(heads.nextAttemptAt, now))
    .orderBy(asc(heads.nextAttemptAt))
    .limit(limit);
}

/** Locks a delivery while its attempt is recorded: a redelivery asked for meanwhile waits, then wins. */
export async function lockDelivery(
  db: Executor,
  { id }: { id: string },
): Promise<typeof webhookDeliveries.$inferSelect | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).for('update');
  return row;
}

export async function insertAttempt(
  db: Executor,
  values: typeof webhookAttempts.$inferInsert,
): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

export async function updateDeliveryState(
  db: Executor,
  { id }: { id: string },
  state: {
    status: WebhookDeliveryStatus;
    attempts: number;
    nextAttemptAt?: Date;
    succeededAt?: Date;
  },
): Promise<void> {
  await db.update(webhookDeliveries).set(state).where(eq(webhookDeliveries.id, id));
}

/**
 * Events older than `before` whose every delivery is finished (succeeded or failed), with their
 * deliveries and attempts (by cascade); one still pending stays whatever its age.
 */
export async function deleteFinishedEventsBefore(
  db: Executor,
  { before }: { before: Date },
): Promise<number> {
  const removed = await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, before),
        sql`not exists (select 1 from ${webhookDeliveries} d where d.event_id = ${webhookEvents.id} and d.status = 'pending')`,
      ),
    )
    .returning({ id: webhookEvents.id });
  return removed.length;
}
