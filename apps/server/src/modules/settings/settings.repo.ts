import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

export async function readSiteSettingsRow(db: Executor): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error('the site settings row is missing');
  return row;
}

export async function writeSiteSettingsRow(
  db: Executor,
  values: Omit<typeof siteSettings.$inferInsert, 'id' | 'updatedAt'> & { updatedAt: Date },
): Promise<SiteSettingsRow> {
  const [row] = await db.update(siteSettings).set(values).where(eq(siteSettings.id, 1)).returning();
  if (!row) throw new Error('the site settings row is missing');
  return row;
}
