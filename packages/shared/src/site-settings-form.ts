import { z } from 'zod';
import { type SiteSettings, UpdateSiteSettingsRequestSchema } from './site.ts';

type UpdateSiteSettingsRequest = z.input<typeof UpdateSiteSettingsRequestSchema>;

/**
 * The site settings' form: every figure is a text input, a blank one meaning "no claim". Checked as
 * the request the server reads (UpdateSiteSettingsRequestSchema) once a blank figure is null and the
 * founding year a number, so its problems are the server's own words, on the fields they name.
 */
export const SiteSettingsFormSchema = z
  .object({
    firmName: z.string(),
    supportEmail: z.string(),
    postalAddress: z.string(),
    assetsUnderManagement: z.string(),
    foundingYear: z.string(),
    policyEffectiveDate: z.string(),
    slides: z.array(
      z.object({ id: z.string(), image: z.string(), HeadText: z.string(), SubHeaderText: z.string() }),
    ),
  })
  .transform(({ assetsUnderManagement, foundingYear, ...settings }): UpdateSiteSettingsRequest => {
    const year = foundingYear.trim();
    return {
      ...settings,
      assetsUnderManagement: assetsUnderManagement.trim() || null,
      foundingYear: year === '' ? null : Number(year),
    };
  })
  .pipe(UpdateSiteSettingsRequestSchema);
export type SiteSettingsForm = z.input<typeof SiteSettingsFormSchema>;

/** The form's values for the settings as saved: an unset figure is a blank input. */
export const siteSettingsFormOf = (settings: SiteSettings): SiteSettingsForm => ({
  firmName: settings.firmName,
  supportEmail: settings.supportEmail,
  postalAddress: settings.postalAddress,
  assetsUnderManagement: settings.assetsUnderManagement ?? '',
  foundingYear: settings.foundingYear === null ? '' : String(settings.foundingYear),
  policyEffectiveDate: settings.policyEffectiveDate,
  slides: settings.slides.map(({ id, image, HeadText, SubHeaderText }) => ({
    id,
    image,
    HeadText,
    SubHeaderText,
  })),
});
