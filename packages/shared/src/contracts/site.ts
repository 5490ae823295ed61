import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { SiteRulesSchema, SiteSettingsSchema, UpdateSiteSettingsRequestSchema } from '../site.ts';

export const siteRoute = defineRoute({
  method: 'GET',
  path: '/api/site',
  access: 'public',
  summary: 'What the public pages say about the firm, and the minimum deposit.',
  response: z.object({ data: SiteSettingsSchema, rules: SiteRulesSchema }),
});

export const updateSiteRoute = defineRoute({
  method: 'PUT',
  path: '/api/admin/site',
  access: 'admin',
  permission: 'config.manage',
  summary: 'Change what the public pages say about the firm; the change is audited.',
  body: UpdateSiteSettingsRequestSchema,
  response: z.object({ data: SiteSettingsSchema, message: z.string() }),
});
