import { MESSAGES, siteRoute, updateSiteRoute } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { getSiteSettings, updateSiteSettings } from './settings.service.ts';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  route(app, siteRoute, async () => ({
    data: await getSiteSettings(app.db),
    rules: { minDepositUsd: Number(app.config.minDepositCents / 100n) },
  }));

  route(app, updateSiteRoute, async ({ actor, body }) => ({
    data: await updateSiteSettings(app.db, { actor, now: app.clock.now() }, body),
    message: MESSAGES.siteSaved,
  }));
}
