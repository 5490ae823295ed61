import {
  formatDayMonthYear,
  type SiteSettings,
  type Slide,
  type UpdateSiteSettingsRequestSchema,
} from '@vestora/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { readSiteSettingsRow, type SiteSettingsRow, writeSiteSettingsRow } from './settings.repo.ts';

const toIsoDate = (dayMonthYear: string) => dayMonthYear.split('-').reverse().join('-');

function toSiteSettings(row: SiteSettingsRow): SiteSettings {
  return {
    firmName: row.firmName,
    supportEmail: row.supportEmail,
    postalAddress: row.postalAddress,
    assetsUnderManagement: row.assetsUnderManagement,
    foundingYear: row.foundingYear,
    policyEffectiveDate: formatDayMonthYear(row.policyEffectiveDate, '-'),
    slides: row.slides as Slide[],
  };
}

export async function getSiteSettings(db: Executor): Promise<SiteSettings> {
  return toSiteSettings(await readSiteSettingsRow(db));
}

export async function updateSiteSettings(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  input: z.output<typeof UpdateSiteSettingsRequestSchema>,
): Promise<SiteSettings> {
  return runInTransaction(db, async (tx) => {
    const before = toSiteSettings(await readSiteSettingsRow(tx));
    const after = toSiteSettings(
      await writeSiteSettingsRow(tx, {
        ...input,
        policyEffectiveDate: toIsoDate(input.policyEffectiveDate),
        updatedAt: now,
      }),
    );
    await recordAudit(tx, actor, {
      action: 'settings.update',
      targetType: 'site',
      targetId: 'site',
      before,
      after,
    });
    return after;
  });
}
