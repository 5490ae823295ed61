import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../lib/validation.ts';
import { getLedgerHealth, getRecentLedgerHealth } from './ledger.service.ts';

/** `?cached=true`: the console's banner, content with a report up to a minute old. */
const HealthQuerySchema = z.object({ cached: z.enum(['true', 'false']).default('false') });

/** Inside the admin scope. */
export async function adminLedgerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ledger/health', async (request) => {
    const { cached } = parseWith(HealthQuerySchema, request.query);
    const data =
      cached === 'true'
        ? await getRecentLedgerHealth(app.db, app.clock)
        : await getLedgerHealth(app.db, app.clock);
    return { data };
  });
}
