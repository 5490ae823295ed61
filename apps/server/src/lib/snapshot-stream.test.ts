import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { streamFromSnapshot } from './snapshot-stream.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Connections taken from the pool and not given back. */
const connectionsInUse = () => t.pool.totalCount - t.pool.idleCount;

/** A download that never ends by itself: a page read, then written, again and again. */
async function endlessDownload(options?: { stalledAfterMs: number }) {
  const progress = { pagesRead: 0 };
  const stream = await streamFromSnapshot(
    t.db,
    {
      produce: async (tx, write) => {
        for (;;) {
          await tx.execute(sql`select 1`);
          progress.pagesRead += 1;
          await write('x'.repeat(1000));
        }
      },
    },
    options,
  );
  return { stream, progress };
}

it('reads ahead only a few pages of what the client has not taken', async () => {
  const { stream, progress } = await endlessDownload();
  const reader = stream.getReader();
  await reader.read();
  await expect.poll(() => progress.pagesRead).toBeGreaterThanOrEqual(2);
  const readAhead = progress.pagesRead;
  // A moment for any page read beyond the limit to show; none does.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(progress.pagesRead).toBe(readAhead);
  expect(readAhead).toBeLessThanOrEqual(4);
  await reader.cancel();
});

it('ends its transaction and frees the connection when the client goes away', async () => {
  const { stream } = await endlessDownload();
  const reader = stream.getReader();
  await reader.read();
  expect(connectionsInUse()).toBe(1);
  await reader.cancel();
  await expect.poll(connectionsInUse).toBe(0);
});

it('ends the download of a client that stops reading', async () => {
  const { stream } = await endlessDownload({ stalledAfterMs: 100 });
  const reader = stream.getReader();
  await reader.read();
  await expect.poll(connectionsInUse).toBe(0);
  await expect(
    (async () => {
      for (;;) if ((await reader.read()).done) return;
    })(),
  ).rejects.toThrow('the client stopped reading');
});

it('hands the stream over only once admitted, and answers a refusal without starting the download', async () => {
  let hasProduced = false;
  const refusal = streamFromSnapshot(t.db, {
    admit: async () => {
      throw new Error('no slot');
    },
    produce: async () => {
      hasProduced = true;
    },
  });
  await expect(refusal).rejects.toThrow('no slot');
  expect(hasProduced).toBe(false);
  await expect.poll(connectionsInUse).toBe(0);
});
