import type { FastifyInstance } from 'fastify';
import { readMigrationJournal } from '../../db/migrate.ts';
import { readAppliedMigration } from './operations.repo.ts';

/** A database that does not answer within this is as good as down for a load balancer. */
const READY_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process answers. `/readyz`: it can serve, meaning the database answers and holds
 * every migration this build carries; 503 otherwise, so a load balancer sends traffic elsewhere.
 * Neither needs a session or counts against a rate limit.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expected = readMigrationJournal().at(-1)?.when ?? 0;
  const probe = { config: { rateLimit: false } };

  app.get('/healthz', probe, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const applied = await appliedMigrationWithin(app, READY_TIMEOUT_MS);
    if (applied === 'unreachable') {
      return reply.code(503).send({ status: 'unavailable', message: 'The database does not answer.' });
    }
    if (applied === null || applied < expected) {
      return reply
        .code(503)
        .send({ status: 'unavailable', message: 'Database migrations are not applied yet.' });
    }
    return reply.send({ status: 'ready' });
  });
}

async function appliedMigrationWithin(
  app: FastifyInstance,
  ms: number,
): Promise<number | null | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), ms);
  });
  try {
    return await Promise.race([readAppliedMigration(app.db), timeout]);
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
