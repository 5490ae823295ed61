import type { FastifyInstance } from 'fastify';
import { getLedgerHealth } from './ledger.service.ts';

/** Inside the admin scope. */
export async function adminLedgerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ledger/health', async () => ({ data: await getLedgerHealth(app.db) }));
}
