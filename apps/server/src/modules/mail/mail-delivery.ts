import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { startRepeating } from '../../lib/leader-job.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { claimDueMail, markMailAttemptFailed, markMailSent } from './mail.repo.ts';

/** How often queued e-mail is looked for without a wake-up: retries, and any wake-up missed. */
const POLL_INTERVAL_MS = 30_000;
/** Waits after failed attempts: 1, 2, 4 … minutes, at most an hour; then the e-mail is given up. */
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const MAX_ATTEMPTS = 12;

interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Sends every e-mail that is due, one per transaction: the row stays locked while it is sent, so
 * senders in other processes pass it over, and a process that dies mid-send leaves it pending.
 */
export async function deliverDueMail(deps: DeliveryDeps): Promise<void> {
  for (;;) {
    const isDone = await deps.db.transaction(async (tx) => {
      const mail = await claimDueMail(tx, { now: deps.clock.now() });
      if (!mail) return true;
      try {
        await deps.mailer.send({
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody ?? '',
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        });
        await markMailSent(tx, { id: mail.id, now: deps.clock.now() });
      } catch (error) {
        const attempts = mail.attempts + 1;
        const waitMs = Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_RETRY_MS);
        const isGivenUp = attempts >= MAX_ATTEMPTS;
        await markMailAttemptFailed(tx, {
          id: mail.id,
          error: error instanceof Error ? error.message : String(error),
          nextAttemptAt: isGivenUp ? null : new Date(deps.clock.now().getTime() + waitMs),
        });
        deps.log.error(
          { err: error, mailId: mail.id, attempts },
          isGivenUp
            ? 'an e-mail could not be sent and was given up'
            : 'an e-mail could not be sent; it will be retried',
        );
      }
      return false;
    });
    if (isDone) return;
  }
}

/**
 * Delivers queued e-mail for as long as the app runs: at once when a transaction that queued some
 * commits (PostgreSQL's LISTEN/NOTIFY, heard by every process on the database), and on a timer for
 * retries. The returned function stops it and waits for a delivery in flight.
 */
export function startMailDelivery(deps: DeliveryDeps): () => Promise<void> {
  let listener: pg.Client | undefined;
  let isListening = false;
  let delivery: Promise<void> | undefined;
  let isWanted = false;
  let isStopped = false;

  const deliver = () => {
    if (isStopped) return;
    isWanted = true;
    if (delivery) return;
    delivery = (async () => {
      while (isWanted && !isStopped) {
        isWanted = false;
        await deliverDueMail(deps);
      }
    })()
      .catch((error: unknown) => deps.log.error({ err: error }, 'queued e-mail could not be delivered'))
      .finally(() => {
        delivery = undefined;
      });
  };

  const listen = async () => {
    if (isListening || isStopped) return;
    isListening = true;
    // Its own connection, outside the pool: a pool slot held for ever would count as busy, and a
    // pool cannot end while one of its clients is out.
    const client = new pg.Client({ ...deps.db.$client.options, connectionTimeoutMillis: 10_000 });
    try {
      // A lost connection is dropped; the next tick listens again.
      client.on('error', () => {
        if (listener === client) listener = undefined;
        void client.end().catch(() => {});
      });
      client.on('notification', deliver);
      await client.connect();
      await client.query('LISTEN mail_outbox');
      if (isStopped) await client.end();
      else listener = client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    } finally {
      isListening = false;
    }
  };

  const stopTimer = startRepeating(async () => {
    if (!listener) {
      await listen().catch((error: unknown) =>
        deps.log.error({ err: error }, 'could not listen for queued e-mail; polling instead'),
      );
    }
    deliver();
  }, POLL_INTERVAL_MS);

  return async () => {
    isStopped = true;
    await stopTimer();
    await delivery;
    await listener?.end().catch(() => {});
    listener = undefined;
  };
}

/** Runs delivery with the app: from when it is ready until it closes. */
export function registerMailDelivery(app: FastifyInstance): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startMailDelivery({ db: app.db, mailer: app.mailer, clock: app.clock, log: app.log });
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
