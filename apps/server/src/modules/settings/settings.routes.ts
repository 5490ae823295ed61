import { MESSAGES, UpdateSiteSettingsRequestSchema } from '@vestora/shared';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/validation.ts';
import { actorOf } from '../auth/auth.guard.ts';
import { getSiteSettings, updateSiteSettings } from './settings.service.ts';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/site', async () => ({ data: await getSiteSettings(app.db) }));
}

/** Inside the admin scope. */
export async function adminSiteRoutes(app: FastifyInstance): Promise<void> {
  app.put('/site', async (request) => {
    const input = parseWith(UpdateSiteSettingsRequestSchema, request.body);
    return { data: await updateSiteSettings(app.db, actorOf(request), input), message: MESSAGES.siteSaved };
  });
}
