import { ledgerHealthRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getLedgerHealth, getRecentLedgerHealth } from './ledger.service.ts';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  route(app, ledgerHealthRoute, async ({ query }) => ({
    data:
      query.cached === 'true'
        ? await getRecentLedgerHealth(app.db, app.clock)
        : await getLedgerHealth(app.db, app.clock),
  }));
}
