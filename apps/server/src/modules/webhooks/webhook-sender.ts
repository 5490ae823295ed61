import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { startLeaderLoop } from '../../lib/leader-job.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { postToDestination, resolveDestination } from './outbound-request.ts';
import { signWebhook } from './webhook-signature.ts';
import {
  type DueDelivery,
  insertAttempt,
  listDueDeliveries,
  lockDelivery,
  updateDeliveryState,
} from './webhooks.repo.ts';

/** One sender at a time across every server process on the database. */
export const WEBHOOK_SENDER_LOCK_ID = 7_215_031;
/** Endpoints served at once; each endpoint's own deliveries go one at a time, in order. */
const CONCURRENCY = 4;
/**
 * The waits after each failed attempt, about a day in all; when the last retry fails too, the
 * delivery has failed and the endpoint's next one goes.
 */
export const RETRY_DELAYS_MS = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
] as const;
/** What the console keeps of an answer's body. */
const EXCERPT_BYTES = 1024;
const USER_AGENT = 'Vestora-Webhooks/1';

interface SenderDeps {
  db: Database;
  clock: Clock;
  config: AppConfig['webhooks'];
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The body of a delivery, the same on every attempt: Standard Webhooks' type, time and data. */
export function webhookBody(event: { type: string; payload: unknown; createdAt: Date }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
}

/**
 * Attempts every due delivery, up to CONCURRENCY endpoints at a time, until none is due. A stop
 * (`signal`) starts no new attempt and abandons those in flight unrecorded, as a crash would: they
 * stay pending and go again, with the same `webhook-id`.
 */
export async function deliverDueWebhooks(deps: SenderDeps, signal: AbortSignal): Promise<void> {
  const inFlight = new Map<string, Promise<void>>();
  for (;;) {
    const free = CONCURRENCY - inFlight.size;
    if (!signal.aborted && free > 0) {
      const due = await listDueDeliveries(deps.db, {
        now: deps.clock.now(),
        excluding: [...inFlight.keys()],
        limit: free,
      });
      for (const delivery of due) {
        inFlight.set(
          delivery.endpointId,
          attemptDelivery(deps, delivery, signal)
            .catch((error: unknown) =>
              deps.log.error(
                { err: error, deliveryId: delivery.id },
                'a webhook attempt could not be recorded',
              ),
            )
            .finally(() => inFlight.delete(delivery.endpointId)),
        );
      }
    }
    if (inFlight.size === 0) return;
    await Promise.race(inFlight.values());
  }
}

interface AttemptOutcome {
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  isSuccess: boolean;
}

async function attemptDelivery(deps: SenderDeps, delivery: DueDelivery, signal: AbortSignal): Promise<void> {
  const attemptedAt = deps.clock.now();
  const startedMs = performance.now();
  const body = webhookBody({
    type: delivery.eventType,
    payload: delivery.eventPayload,
    createdAt: delivery.eventCreatedAt,
  });
  const isPreviousSecretValid =
    delivery.previousSecret !== null &&
    delivery.previousSecretExpiresAt !== null &&
    delivery.previousSecretExpiresAt > attemptedAt;
  const secrets =
    isPreviousSecretValid && delivery.previousSecret
      ? [delivery.secret, delivery.previousSecret]
      : [delivery.secret];
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);

  let outcome: AttemptOutcome;
  try {
    // Resolved on every attempt: the address checked is the one connected to, whatever DNS says later.
    const destination = await resolveDestination(delivery.url, {
      allowPrivateNetworks: deps.config.allowPrivateNetworks,
    });
    const answer = await postToDestination(destination, {
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secrets, { id: delivery.eventId, timestamp, body }),
      },
      body,
      timeoutMs: deps.config.timeoutMs,
      signal,
    });
    const isRedirect = answer.statusCode >= 300 && answer.statusCode < 400;
    outcome = {
      statusCode: answer.statusCode,
      // PostgreSQL text holds no NUL character.
      responseExcerpt: answer.body.subarray(0, EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', ''),
      error: isRedirect ? 'Redirects are not followed: point the endpoint at the final URL.' : null,
      isSuccess: answer.statusCode >= 200 && answer.statusCode < 300,
    };
  } catch (error) {
    if (signal.aborted) return;
    outcome = {
      statusCode: null,
      responseExcerpt: null,
      error: error instanceof Error ? error.message : String(error),
      isSuccess: false,
    };
  }
  const durationMs = Math.round(performance.now() - startedMs);
  await recordAttempt(deps, delivery, { attemptedAt, durationMs, outcome });
}

/** The attempt and the delivery's new state, in one transaction. */
async function recordAttempt(
  deps: SenderDeps,
  delivery: DueDelivery,
  { attemptedAt, durationMs, outcome }: { attemptedAt: Date; durationMs: number; outcome: AttemptOutcome },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await lockDelivery(tx, { id: delivery.id });
    // Removed with its endpoint while it was sent.
    if (!current) return;
    await insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt,
      durationMs,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
    });
    // Requeued while it was sent: the attempt is kept in the log, the new round stands.
    if (current.status !== 'pending' || current.attempts !== delivery.attempts) return;
    const attempts = current.attempts + 1;
    const now = deps.clock.now();
    const retryDelayMs = RETRY_DELAYS_MS[attempts - 1];
    if (outcome.isSuccess) {
      await updateDeliveryState(tx, { id: delivery.id }, { status: 'succeeded', attempts, succeededAt: now });
    } else if (retryDelayMs === undefined) {
      await updateDeliveryState(tx, { id: delivery.id }, { status: 'failed', attempts });
    } else {
      await updateDeliveryState(
        tx,
        { id: delivery.id },
        { status: 'pending', attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs) },
      );
    }
  });
}

/**
 * Delivers webhooks where this process holds the sender's advisory lock, every poll interval. The
 * returned function stops it: no new attempt starts, those in flight are abandoned unrecorded
 * (pending, sent again by whichever process leads next), and it waits for the run to end.
 */
export function startWebhookSender(deps: SenderDeps): () => Promise<void> {
  return startLeaderLoop(
    deps.db,
    {
      lockId: WEBHOOK_SENDER_LOCK_ID,
      intervalMs: deps.config.pollIntervalMs,
      onError: (error) => deps.log.error({ err: error }, 'webhook deliveries could not be sent'),
    },
    (signal) => deliverDueWebhooks(deps, signal),
  );
}

/** Runs the sender with the app: from when it is ready until it closes. */
export function registerWebhookSender(app: FastifyInstance): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startWebhookSender({ db: app.db, clock: app.clock, config: app.config.webhooks, log: app.log });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
