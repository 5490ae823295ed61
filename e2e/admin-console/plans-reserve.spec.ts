import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { adminLogIn, callApi } from '../user/user-helpers.ts';
import {
  type ConsoleTab,
  expectBalancedLedger,
  openSection,
  openTab,
  signInAsAdmin,
  snapshot,
  uniqueTag,
} from './console-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let api: APIRequestContext;
let adminToken: string;
let tab: ConsoleTab;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
  adminToken = (await adminLogIn(api)).token;
});
afterEach(async () => {
  await tab?.context.close();
  expect(tab?.problems).toEqual([]);
});
afterAll(async () => {
  await api.dispose();
  await browser.close();
});

/** A plan as `GET /api/plans` answers it. */
interface Plan {
  name: string;
  rate: number;
  period: string;
  durationDays: number;
  minAmount: number;
  maxAmount: number;
  principalReturn: boolean;
  status: string;
}

/** The catalogue investors see: active plans only. */
async function publicPlan(name: string): Promise<Plan | undefined> {
  const { data } = await callApi<{ data: Plan[] }>(api, 'GET', '/api/plans', null);
  return data.find((plan) => plan.name === name);
}

async function reserveBalance(): Promise<number> {
  return (await callApi<{ data: { balance: number } }>(api, 'GET', '/api/admin/reserve', adminToken)).data
    .balance;
}

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`plans and reserve at ${viewportName} width`, () => {
    it('creates, edits, retires and restores a plan that investors then see as saved', async () => {
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await signInAsAdmin(page);
      await expectBalancedLedger(page);
      await openSection(page, 'Plans');
      await page.getByText('Edits apply to new investments only').waitFor();
      // The specification's four plans are the seeded catalogue.
      const small = page.getByRole('row').filter({ hasText: 'SMALL' });
      await small.getByText('3.6% daily').waitFor();
      await small.getByText('216% over the term').waitFor();

      await page.getByRole('button', { name: 'New plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'New plan' });
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'A plan needs a name of 1 to 60 characters.' })
        .waitFor();

      await dialog.getByLabel('Name').fill('small');
      await dialog.getByLabel('Rate (% per period)').fill('2.5');
      await dialog.getByLabel('Period', { exact: true }).selectOption('weekly');
      await dialog.getByLabel('Duration (days)').fill('84');
      await dialog.getByLabel('Minimum (USD)').fill('5000');
      await dialog.getByLabel('Maximum (USD)').fill('200');
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog
        .getByRole('alert')
        .filter({
          hasText: 'The minimum and maximum must be valid amounts, the minimum not above the maximum.',
        })
        .waitFor();

      // Only the server knows the name is taken: its message shows in the dialog.
      await dialog.getByLabel('Minimum (USD)').fill('200');
      await dialog.getByLabel('Maximum (USD)').fill('5000');
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'A plan with this name already exists.' }).waitFor();

      const name = `GROWTH ${uniqueTag()}`;
      await dialog.getByLabel('Name').fill(name.toLowerCase());
      await snapshot(page, `admin-plan-dialog-${viewportName}`);
      await dialog.getByRole('button', { name: 'Create plan' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText('2.5% weekly').waitFor();
      await row.getByText('30% over the term').waitFor();
      await row.getByText('$200 – $5,000').waitFor();
      expect(await publicPlan(name)).toMatchObject({
        name,
        rate: 2.5,
        period: 'weekly',
        durationDays: 84,
        minAmount: 200,
        maxAmount: 5000,
        principalReturn: true,
      });

      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByText('Changes apply to new investments only.').waitFor();
      await expect.poll(() => edit.getByLabel('Rate (% per period)').inputValue()).toBe('2.5');
      await edit.getByLabel('Rate (% per period)').fill('2.75');
      await edit.getByLabel('Return the principal at maturity').uncheck();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByText('2.75% weekly').waitFor();
      await row.getByText('Kept').waitFor();
      expect(await publicPlan(name)).toMatchObject({ rate: 2.75, principalReturn: false });

      await page.getByRole('button', { name: `Retire ${name}` }).click();
      const retire = page.getByRole('alertdialog', { name: `Retire ${name}` });
      await retire.getByText('Running investments continue on their terms').waitFor();
      await retire.getByRole('button', { name: 'Retire plan' }).click();
      await retire.waitFor({ state: 'detached' });
      await row.getByText('Retired').waitFor();
      expect(await publicPlan(name)).toBeUndefined();

      await page.getByRole('button', { name: `Restore ${name}` }).click();
      await row.getByText('Active').waitFor();
      expect(await publicPlan(name)).toMatchObject({ rate: 2.75, status: 'active' });
      await snapshot(page, `admin-plans-${viewportName}`);

      // Every change is in the audit trail, newest first; the target link narrows it to this plan.
      await openSection(page, 'Audit');
      await page.getByLabel('Target type').selectOption('plan');
      const created = page.getByRole('row').filter({ hasText: 'Plan created' }).filter({ hasText: name });
      await created.getByRole('button', { name: /^Only entries for plan / }).click();
      await expect
        .poll(() => page.getByRole('row').locator('td[data-label="Action"] > span').allTextContents())
        .toEqual(['Plan restored', 'Plan retired', 'Plan edited', 'Plan created']);
      // Only what the edit changed, each field from its old value to its new one.
      const edited = page.getByRole('row').filter({ hasText: 'Plan edited' });
      await expect
        .poll(async () => (await edited.getByRole('listitem').allTextContents()).sort())
        .toEqual(['Principal return: yes→no', 'Rate: 2.5%→2.75%']);
      await snapshot(page, `admin-audit-plans-${viewportName}`);
    });

    it('funds the reserve and shows the new balance', async () => {
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      const before = await reserveBalance();
      await signInAsAdmin(page);
      await openSection(page, 'Plans');
      const reserve = page.getByRole('region', { name: 'Yield reserve' });
      await reserve.getByText(usd(before)).first().waitFor();

      await reserve.getByRole('button', { name: 'Fund reserve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fund the reserve' });
      await dialog.getByRole('button', { name: 'Fund reserve' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid amount.' }).waitFor();
      await dialog.getByLabel('Amount (USD)').fill('250.75');
      const note = `Operator top-up, bank transfer ${uniqueTag()}`;
      await dialog.getByLabel('Note (optional)').fill(note);
      await dialog.getByRole('button', { name: 'Fund reserve' }).click();
      await page.getByText('Reserve funded.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const balance = reserve
        .locator('div')
        .filter({ has: page.getByText('Reserve balance', { exact: true }) })
        .locator('dd');
      await expect.poll(() => balance.textContent()).toBe(usd(before + 250.75));
      expect(await reserveBalance()).toBeCloseTo(before + 250.75, 2);
      // Money moved between two platform accounts: the ledger still sums to zero.
      await expectBalancedLedger(page);
      await snapshot(page, `admin-reserve-${viewportName}`);

      await openSection(page, 'Audit');
      await page.getByLabel('Action', { exact: true }).selectOption('reserve.fund');
      await page.getByRole('row').filter({ hasText: note }).getByText('Amount: $250.75').waitFor();
    });
  });
}
