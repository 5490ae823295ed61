import type { Database } from '../db/client.ts';

/**
 * Runs `work` only where this process holds the session-level advisory lock `lockId`: one process
 * at a time across every server on the database. When another process holds it, `skip` answers
 * undefined at once and `wait` waits for it.
 */
export async function runAsLeader<T>(
  db: Database,
  lockId: number,
  work: () => Promise<T>,
  whenBusy: 'skip' | 'wait' = 'skip',
): Promise<T | undefined> {
  const lockConnection = await db.$client.connect();
  try {
    if (whenBusy === 'wait') {
      await lockConnection.query('select pg_advisory_lock($1)', [lockId]);
    } else {
      const { rows } = await lockConnection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [lockId],
      );
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return await work();
    } finally {
      await lockConnection.query('select pg_advisory_unlock($1)', [lockId]);
    }
  } finally {
    lockConnection.release();
  }
}

/** Runs `tick` now and then every `intervalMs`; the returned function stops it and waits for a run in flight. */
export function startRepeating(tick: () => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let current: Promise<unknown> = tick();
  const timer = setInterval(() => {
    current = tick();
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/**
 * Runs `work` every `intervalMs` where this process holds the advisory lock `lockId`, one run at a
 * time: a long run (slow receivers) is not joined by the next tick. The returned function stops
 * it: `work`'s signal aborts, no run starts, and it waits for the one in flight to end.
 */
export function startLeaderLoop(
  db: Database,
  { lockId, intervalMs, onError }: { lockId: number; intervalMs: number; onError: (error: unknown) => void },
  work: (signal: AbortSignal) => Promise<void>,
): () => Promise<void> {
  const stopping = new AbortController();
  let run: Promise<void> | undefined;
  const tick = () => {
    run ??= runAsLeader(db, lockId, () => work(stopping.signal))
      .then(() => undefined, onError)
      .finally(() => {
        run = undefined;
      });
    return run;
  };
  const stopTimer = startRepeating(tick, intervalMs);
  return async () => {
    stopping.abort();
    await stopTimer();
    await run;
  };
}
