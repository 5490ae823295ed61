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
 */
export function streamFromSnapshot(
  db: Database,
  produce: (tx: Transaction, write: (text: string) => Promise<void>) => Promise<void>,
  { stalledAfterMs = STALLED_DOWNLOAD_MS }: { stalledAfterMs?: number } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let isCancelled = false;
  let wake: (() => void) | null = null;
  const wakeProducer = () => {
    wake?.();
    wake = null;
  };
  return new ReadableStream<Uint8Array>(
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
        void db
          .transaction((tx) => produce(tx, write), {
            isolationLevel: 'repeatable read',
            accessMode: 'read only',
          })
          .then(
            () => controller.close(),
            (error: unknown) => {
              if (!isCancelled) controller.error(error);
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
}
