import { depositCoinsRoute, setupChecklistRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getSetupChecklist, listDepositCoins } from './setup.service.ts';

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  route(app, depositCoinsRoute, async () => ({ data: await listDepositCoins(app.db, app.config.chain) }));

  route(app, setupChecklistRoute, async () => ({
    data: await getSetupChecklist(app.db, {
      isMailConfigured: app.config.smtpUrl !== undefined,
      chain: app.config.chain,
    }),
  }));
}
