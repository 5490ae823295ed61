import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { type SiteSettingsForm, SiteSettingsFormSchema } from './site-settings-form.ts';

const form: SiteSettingsForm = {
  firmName: 'Vestora',
  supportEmail: 'support@example.com',
  postalAddress: '',
  assetsUnderManagement: ' ',
  foundingYear: ' 2019 ',
  policyEffectiveDate: '01-02-2024',
  slides: [],
};

describe('SiteSettingsFormSchema', () => {
  it('reads a blank figure as no claim and the year as a number', () => {
    expect(SiteSettingsFormSchema.parse(form)).toMatchObject({
      assetsUnderManagement: null,
      foundingYear: 2019,
    });
    expect(SiteSettingsFormSchema.parse({ ...form, foundingYear: '' }).foundingYear).toBeNull();
  });

  it("reports the server's words on the field", () => {
    const result = SiteSettingsFormSchema.safeParse({ ...form, foundingYear: '1700', firmName: ' ' });
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['firmName', MESSAGES.siteFirmName],
      ['foundingYear', MESSAGES.siteFoundingYear],
    ]);
  });
});
