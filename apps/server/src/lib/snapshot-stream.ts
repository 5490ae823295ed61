import type { Database } from '../db/client.ts';
import type { Transaction } from './transaction.ts';

/** A client that takes nothing for this long ends its download, and the connection is freed. */
export const STALLED_DOWNLOAD_MS = 60_000;

class DownloadCancelled extends Error {}

/**
 * A text download written by `produce` inside one read-only repeatable-read transaction: every page
 * it reads sees the same snapshot, so figures carried from page to page stay exact while others
 * write. `produce` reads its next page only when the client has taken the last ones (`write`
 * waits), so memory holds a few pages whatever the length; a client that disconnects ends the
 * transaction at once, one that stops reading after STALLED_DOWNLOAD_MS.
 *
 * `admit` runs first in the same transaction (to take a slot, say); the stream is handed over only
 * once it has passed, so a refusal is an answer of its own rather than a download that breaks off.
 */
export async function streamFromSnapshot(
  db: Database,
  {
    admit = async () => {},
    produce,
  }: {
    admit?: (tx: Transaction) => Promise<void>;
    produce: (tx: Transaction, write: (text: string) => Promise<void>) => Promise<void>;
  },
  { stalledAfterMs = STALLED_DOWNLOAD_MS }: { stalledAfterMs?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  let admitted: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const isAdmitted = new Promise<void>((resolve, reject) => {
    admitted = { resolve, reject };
  });
  const encoder = new TextEncoder();
  let isCancelled = false;
  let wake: (() => void) | null = null;
  const wakeProducer = () => {
    wake?.();
    wake = null;
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = async (text: string) => {
          if (isCancelled) throw new DownloadCancelled();
          controller.enqueue(encoder.encode(text));
          if ((controller.desiredSize ?? 0) > 0) return;
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('the client stopped reading')), stalledAfterMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (isCancelled) throw new DownloadCancelled();
        };
        let hasStarted = false;
        void db
          .transaction(
            async (tx) => {
              await admit(tx);
              hasStarted = true;
              admitted?.resolve();
              await produce(tx, write);
            },
            { isolationLevel: 'repeatable read', accessMode: 'read only' },
          )
          .then(
            () => controller.close(),
            (error: unknown) => {
              if (!hasStarted) admitted?.reject(error);
              else if (!isCancelled) controller.error(error);
            },
          );
      },
      pull: wakeProducer,
      cancel() {
        isCancelled = true;
        wakeProducer();
      },
    },
    // Chunks, each a page of lines.
    { highWaterMark: 2 },
  );
  await isAdmitted;
  return stream;
}
