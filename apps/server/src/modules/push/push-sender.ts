import type { PushMessage } from '@vestora/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { AppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { startLeaderLoop } from '../../lib/leader-job.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { getSiteSettings } from '../settings/settings.service.ts';
import { OutboundRequestError, postToDestination, resolveDestination } from '../webhooks/outbound-request.ts';
import {
  type DuePush,
  deletePushesBefore,
  deletePushOutboxRow,
  deletePushSubscriptionById,
  listDuePushes,
  reschedulePush,
} from './push.repo.ts';
import { type VapidKeys, vapidKeys } from './push.service.ts';

/** One sender at a time across every server process on the database. */
export const PUSH_SENDER_LOCK_ID = 7_215_033;
/** Pushes sent at once. */
const CONCURRENCY = 8;
/**
 * How long a push service keeps a push for a phone that is off (the TTL header); a push still
 * waiting here after that is stale too, and dropped.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Waits after failed attempts, as for e-mails: 1, 2, 4 … minutes, at most an hour; then given up. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = HOUR_MS;
const MAX_ATTEMPTS = 10;

interface SenderDeps {
  db: Database;
  clock: Clock;
  config: AppConfig['push'];
  /** The address the VAPID subject names when it is https (PUBLIC_URL). */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Who the push services may contact about our pushes: the site's address when it is https, else
 * the support e-mail the operator set (the VAPID subject must be an https: or mailto: URL).
 */
export function vapidSubject(publicUrl: string, supportEmail: string): string {
  return publicUrl.startsWith('https://') ? publicUrl : `mailto:${supportEmail}`;
}

type Outcome = 'sent' | 'gone' | 'retry' | 'dropped';

/**
 * Sends every due push, CONCURRENCY at a time, until none is due; stale ones are dropped first. A
 * stop (`signal`) starts no new push and leaves those in flight unrecorded: they go again.
 */
export async function deliverDuePushes(deps: SenderDeps, signal: AbortSignal): Promise<void> {
  await deletePushesBefore(deps.db, {
    before: new Date(deps.clock.now().getTime() - PUSH_TTL_SECONDS * 1000),
  });
  const keys = await vapidKeys(deps.db);
  const subject = vapidSubject(deps.publicUrl, (await getSiteSettings(deps.db)).supportEmail);
  // A push whose outcome could not be recorded is still due: it waits for the next run, not this loop.
  const attempted = new Set<string>();
  while (!signal.aborted) {
    const due = (await listDuePushes(deps.db, { now: deps.clock.now(), limit: CONCURRENCY })).filter(
      (push) => !attempted.has(push.id),
    );
    if (due.length === 0) return;
    for (const push of due) attempted.add(push.id);
    await Promise.all(
      due.map((push) =>
        sendPush(deps, push, { keys, subject }, signal)
          .then((outcome) => (signal.aborted ? undefined : recordOutcome(deps, push, outcome)))
          .catch((error: unknown) =>
            deps.log.error({ err: error, pushId: push.id }, 'a push attempt could not be recorded'),
          ),
      ),
    );
  }
}

async function sendPush(
  deps: SenderDeps,
  push: DuePush,
  { keys, subject }: { keys: VapidKeys; subject: string },
  signal: AbortSignal,
): Promise<Outcome> {
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.message satisfies PushMessage),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: push.urgency,
      },
    );
    // Resolved on every attempt: the address checked is the one connected to, whatever DNS says later.
    const destination = await resolveDestination(push.endpoint, {
      allowPrivateNetworks: deps.config.allowPrivateNetworks,
    });
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        // The request counts its own body.
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    const answer = await postToDestination(destination, {
      headers,
      body: details.body ?? Buffer.alloc(0),
      timeoutMs: deps.config.timeoutMs,
      signal,
    });
    const status = answer.statusCode;
    if (status >= 200 && status < 300) return 'sent';
    // The browser unsubscribed, or the subscription expired: it never takes a push again.
    if (status === 404 || status === 410) return 'gone';
    if (status === 429 || status >= 500) return 'retry';
    deps.log.error(
      { pushId: push.id, status, answer: answer.body.subarray(0, 512).toString('utf8') },
      'a push service refused a push; it is dropped',
    );
    return 'dropped';
  } catch (error) {
    if (signal.aborted) return 'retry';
    const isRefused = error instanceof OutboundRequestError && error.isRefused;
    deps.log.error(
      { err: error, pushId: push.id },
      isRefused ? 'a push endpoint is refused; the push is dropped' : 'a push could not be sent',
    );
    // A key that cannot encrypt (web-push throws before any request) fails the same way every time.
    return isRefused || !(error instanceof OutboundRequestError) ? 'dropped' : 'retry';
  }
}

async function recordOutcome(deps: SenderDeps, push: DuePush, outcome: Outcome): Promise<void> {
  if (outcome === 'gone') return deletePushSubscriptionById(deps.db, { id: push.subscriptionId });
  const attempts = push.attempts + 1;
  if (outcome === 'retry' && attempts < MAX_ATTEMPTS) {
    const waitMs = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
    return reschedulePush(deps.db, {
      id: push.id,
      attempts,
      nextAttemptAt: new Date(deps.clock.now().getTime() + waitMs),
    });
  }
  if (outcome === 'retry') deps.log.error({ pushId: push.id, attempts }, 'a push was given up');
  await deletePushOutboxRow(deps.db, { id: push.id });
}

/**
 * Sends pushes where this process holds the sender's advisory lock, every poll interval. The
 * returned function stops it: no new push starts, those in flight are left to the next leader.
 */
export function startPushSender(deps: SenderDeps): () => Promise<void> {
  return startLeaderLoop(
    deps.db,
    {
      lockId: PUSH_SENDER_LOCK_ID,
      intervalMs: deps.config.pollIntervalMs,
      onError: (error) => deps.log.error({ err: error }, 'pushes could not be sent'),
    },
    (signal) => deliverDuePushes(deps, signal),
  );
}

/**
 * Creates the VAPID keys on first start, then sends pushes with the app until it closes. The keys
 * are not awaited: on a database the migrations have not reached yet the server still starts (and
 * says it is not ready), and the keys are made at their first use instead.
 */
export function registerPushSender(app: FastifyInstance): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    vapidKeys(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the push keys could not be made yet; they will be at first use'),
    );
    stop = startPushSender({
      db: app.db,
      clock: app.clock,
      config: app.config.push,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
