import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

const settings = {
  firmName: 'Northwind Capital',
  supportEmail: 'help@northwind.example',
  postalAddress: '1 Harbour Street, Leith',
  assetsUnderManagement: '$12 million',
  foundingYear: 2019,
  policyEffectiveDate: '01-02-2025',
  slides: [
    {
      id: 'one',
      image: '/slides/one.webp',
      HeadText: 'Invest calmly',
      SubHeaderText: 'Every dollar explained.',
    },
  ],
};

describe('site settings', () => {
  it('makes no claim about size or age on a fresh install', async () => {
    const response = await t.app.inject({ url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      assetsUnderManagement: null,
      foundingYear: null,
      policyEffectiveDate: '21-07-2023',
      slides: [],
    });
  });

  it("tells the web the server's minimum deposit, so its form checks the same number", async () => {
    const site = await t.app.inject({ url: '/api/site' });
    expect(site.json().rules).toEqual({ minDepositUsd: Number(t.config.minDepositCents / 100n) });
    const other = await createTestApp({ minDepositCents: 125_00n });
    try {
      expect((await other.app.inject({ url: '/api/site' })).json().rules).toEqual({ minDepositUsd: 125 });
    } finally {
      await other.close();
    }
  });

  it('lets an admin set what the public pages say, and records it', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: bearer(adminToken),
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.siteSaved);
    expect((await t.app.inject({ url: '/api/site' })).json().data).toEqual(settings);
    const audit = await t.app.inject({
      url: '/api/admin/audit?action=settings.update',
      headers: bearer(adminToken),
    });
    expect(audit.json().data[0]).toMatchObject({
      before: { firmName: 'Vestora' },
      after: { firmName: 'Northwind Capital' },
    });

    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: bearer(adminToken),
      payload: { ...settings, assetsUnderManagement: '', foundingYear: null },
    });
    expect(cleared.json().data).toMatchObject({ assetsUnderManagement: null, foundingYear: null });
  });

  it('refuses bad values and non-admins', async () => {
    const cases: [object, string][] = [
      [{ ...settings, firmName: '' }, MESSAGES.siteFirmName],
      [{ ...settings, supportEmail: 'nope' }, MESSAGES.signupEmail],
      [{ ...settings, foundingYear: 3000 }, MESSAGES.siteFoundingYear],
      [{ ...settings, policyEffectiveDate: '2025-02-01' }, MESSAGES.sitePolicyDate],
      [
        { ...settings, slides: [{ ...settings.slides[0], image: 'javascript:alert(1)' }] },
        MESSAGES.siteSlideImage,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/site',
        headers: bearer(adminToken),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const { token } = await signUpAndLogin(t.app);
    const asUser = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: bearer(token),
      payload: settings,
    });
    expect(asUser.statusCode).toBe(403);
  });
});
