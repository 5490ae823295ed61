import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  callApi,
  fundAccount,
  openFreshPage,
  openMenuEntry,
  openSignedIn,
  page,
  setUpUserSuite,
  signUpUser,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');

interface ServedPlan {
  _id: string;
  name: string;
}

const planCard = (name: string) => page.getByRole('article', { name });

async function selectPlan(name: string) {
  await planCard(name).getByRole('button', { name: 'Select Plan' }).click();
  const dialog = page.getByRole('dialog', { name: `Invest in ${name}` });
  await dialog.waitFor();
  return dialog;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`plans at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('from an empty My-plans to Packages; invests once verified and the plan shows in My-plans', async () => {
      const user = await signUpUser(api);
      await fundAccount(api, adminToken, user, 2000);
      await openSignedIn(page, user, '/user/overview');
      await openMenuEntry(page, viewportName, 'My-plans');
      await page.waitForURL(`${baseUrl}/user/my-plans`);
      await page.getByRole('heading', { level: 1, name: 'My Investment (0)' }).waitFor();
      await page.getByText('You do not have any plans').waitFor();
      await screenshot(page, `my-plans-empty-${viewportName}`);

      await page.getByRole('link', { name: 'Invest Now' }).click();
      await page.waitForURL(`${baseUrl}/user/invest`);
      await page.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
      // The cards are the operator's catalogue, as the API serves it.
      const { data: plans } = await callApi<{ data: ServedPlan[] }>(api, 'GET', '/api/plans', null);
      for (const plan of plans) await planCard(plan.name).waitFor();
      await expect.poll(() => page.getByRole('article').count()).toBe(plans.length);
      await expect.poll(() => planCard('SMALL').textContent()).toContain('3.6%');
      await expect.poll(() => planCard('SMALL').textContent()).toContain('$50.00 – $1,000.00');
      await expect.poll(() => planCard('SMALL').textContent()).toContain('60 days');
      await screenshot(page, `packages-${viewportName}`);

      // Unverified: told why, and the form stays shut.
      let dialog = await selectPlan('SMALL');
      await dialog
        .getByText('Your account must be verified by an administrator before you can invest.')
        .waitFor();
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Invest', exact: true }).isDisabled())
        .toBe(true);
      await screenshot(page, `invest-unverified-${viewportName}`);
      await expectAccessible(page, 'the invest dialog, unverified');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
      await page.reload();
      dialog = await selectPlan('STANDARD');
      await expect.poll(() => dialog.textContent()).toContain('$2,000.00');
      const amount = dialog.getByLabel('Amount (USD)');
      const invest = dialog.getByRole('button', { name: 'Invest', exact: true });
      await amount.fill('3000');
      await invest.click();
      await waitForAlert(page, 'Insufficient balance.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      dialog = await selectPlan('SMALL');
      await dialog.getByLabel('Amount (USD)').fill('20');
      await dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await waitForAlert(page, 'The amount for SMALL must be between $50.00 and $1,000.00.');
      await dialog.getByLabel('Amount (USD)').fill('250');
      await screenshot(page, `invest-dialog-${viewportName}`);
      await expectAccessible(page, 'the invest dialog');
      await dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await page.getByText('Investment started.').waitFor();

      await page.waitForURL(`${baseUrl}/user/my-plans`);
      await page.getByRole('heading', { level: 1, name: 'My Investment (1)' }).waitFor();
      const row = page
        .getByRole('table', { name: 'My investments' })
        .getByRole('row')
        .filter({ hasText: 'SMALL' });
      for (const expected of ['$250.00', '$0.00', '60 days', '3.6% daily', 'Active'])
        await expect.poll(() => row.textContent()).toContain(expected);
      // What it has paid so far, of what it promises, and when it pays next (a day after it started).
      await expect.poll(() => row.textContent()).toContain('paid so far, of $540.00');
      await expect
        .poll(() => row.textContent())
        .toMatch(/Next payout \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
      await screenshot(page, `my-plans-${viewportName}`);
      await expectAccessible(page, '/user/my-plans with a plan');

      const profile = await callApi<{ data: { accountBalance: number } }>(
        api,
        'GET',
        `/api/user/userprofile/${user.user._id}`,
        user.token,
      );
      expect(profile.data.accountBalance).toBe(1750);
    });

    it("shows the server's refusal when a plan is retired while the dialog is open", async () => {
      const user = await signUpUser(api);
      await fundAccount(api, adminToken, user, 500);
      await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
      const name = `TRIAL${randomBytes(3).toString('hex').toUpperCase()}`;
      const { data: plan } = await callApi<{ data: ServedPlan }>(
        api,
        'POST',
        '/api/admin/plans',
        adminToken,
        {
          data: { name, rate: 2, period: 'daily', durationDays: 10, minAmount: 50, maxAmount: 400 },
        },
      );
      await openSignedIn(page, user, '/user/packages');
      const dialog = await selectPlan(name);
      await dialog.getByLabel('Amount (USD)').fill('100');
      await callApi(api, 'PUT', `/api/admin/retirePlan/${plan._id}`, adminToken);
      await dialog.getByRole('button', { name: 'Invest', exact: true }).click();
      await waitForAlert(page, 'This plan is no longer offered.');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
      await planCard('SMALL').waitFor();
      await expect.poll(() => planCard(name).count()).toBe(0);
    });
  });
}
