import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  type ConsoleTab,
  expectBalancedLedger,
  openSection,
  openTab,
  signInAsAdmin,
  snapshot,
} from './console-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tab: ConsoleTab;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await tab?.context.close();
  expect(tab?.problems).toEqual([]);
});
afterAll(async () => {
  await browser.close();
});

/** Navigation entries; each opens a page headed with the same word. */
const SECTIONS = ['Users', 'Transactions', 'Withdrawals', 'Plans', 'Support', 'Audit'];

/**
 * A broken ledger and an empty reserve with returns due cannot be produced through the API (the
 * server refuses every act that would unbalance the ledger, and returns fall due only after a day),
 * so these two answers are stood in for; everything else comes from the real server.
 */
async function simulateTroubledPlatform(page: Page) {
  await page.route(
    (url) => url.pathname === '/api/admin/ledger/health',
    (route) =>
      route.fulfill({
        json: {
          data: {
            isHealthy: false,
            totalCents: '1234',
            negativeUserBalances: 1,
            mismatchedBalances: 0,
            unsettledApprovedDeposits: 2,
            unsettledDecidedWithdrawals: 0,
            platformAccounts: { deposits: -500, yield_reserve: 0 },
            checkedAt: new Date().toISOString(),
          },
        },
      }),
  );
  await page.route('**/api/admin/reserve', (route) =>
    route.fulfill({
      json: {
        data: {
          balance: 99.5,
          dueUnpaid: 250,
          shortfall: 150.5,
          delayedInvestments: 3,
          activeInvestments: 5,
        },
      },
    }),
  );
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`console alerts at ${viewportName} width`, () => {
    it('shows a quiet balanced-ledger note on every page and no reserve warning', async () => {
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await signInAsAdmin(page);
      for (const section of SECTIONS) {
        await openSection(page, section);
        await expectBalancedLedger(page);
        await expect.poll(() => page.getByText('Plan returns are delayed.').count()).toBe(0);
      }
    });

    it('advises turning on two-factor sign-in while an administrator has none, and leads there', async () => {
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await signInAsAdmin(page);
      // The seeded administrator signs in with a password alone.
      const advice = page.getByRole('status').filter({ hasText: /in without a second factor\./ });
      await advice.waitFor();
      await advice.getByRole('link', { name: 'Turn on two-factor sign-in' }).click();
      await page.waitForURL('**/user/security');
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      // The user area keeps a way back to the console for an administrator.
      await page.getByRole('link', { name: 'Back to the admin console' }).click();
      await page.waitForURL('**/admin/testing');
    });

    it('turns red with the failing figures and warns of the reserve shortfall on every page', async () => {
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await simulateTroubledPlatform(page);
      await signInAsAdmin(page);
      const ledger = page.getByRole('alert').filter({ hasText: 'The ledger is out of balance' });
      const reserve = page.getByRole('alert').filter({ hasText: 'Plan returns are delayed.' });
      for (const section of SECTIONS) {
        await openSection(page, section);
        await expect
          .poll(() => ledger.getByRole('listitem').allTextContents())
          .toEqual([
            'The balances sum to $12.34 instead of $0.00.',
            '1 user account below zero.',
            '2 approved deposits never credited.',
          ]);
        await reserve
          .getByText('The yield reserve is short by $150.50; 3 investments waiting for a return.')
          .waitFor();
        await expect.poll(() => page.getByText('Ledger balanced').count()).toBe(0);
      }
      await snapshot(page, `admin-alerts-${viewportName}`);

      await reserve.getByRole('link', { name: 'Fund the reserve' }).click();
      await page.waitForURL('**/admin/plans');
      await page.getByRole('region', { name: 'Yield reserve' }).getByText('$150.50').waitFor();
    });
  });
}
