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
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');

/** An approved deposit, an admin credit with its reason, a declined deposit, then 20 pending ones. */
async function userWithHistory(): Promise<SignedInUser> {
  const user = await signUpUser(api);
  await fundAccount(api, adminToken, user, 500);
  await callApi(api, 'PUT', `/api/admin/creditOrDebit/${user.user._id}`, adminToken, {
    data: { mode: 'credit', amount: 25, reason: 'Welcome bonus' },
  });
  await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'eth', amount: 70 } });
  const { data } = await callApi<{ data: { _id: string }[] }>(
    api,
    'GET',
    '/api/user/transactions?type=deposit',
    user.token,
  );
  await callApi(api, 'PUT', `/api/admin/declineDeposit/${data[0]?._id}`, adminToken, {
    data: { reason: 'Proof unreadable' },
  });
  for (let index = 1; index <= 20; index += 1) {
    await callApi(api, 'POST', '/api/user/deposit', user.token, {
      data: { mode: 'usdt', amount: 50 + index },
    });
  }
  return user;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`user area at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('history shows every kind newest first, with reasons and badges, by page and by type', async () => {
      const user = await userWithHistory();
      await openSignedIn(page, user, '/user/history');
      const rows = page.getByRole('list', { name: 'History' }).getByRole('listitem');
      await page.getByText('1–20 of 23 transactions').waitFor();
      await expect.poll(() => rows.count()).toBe(20);
      // Newest first: the last deposit made (70 USD in USDT) heads the list.
      await expect.poll(() => rows.first().textContent()).toContain('+$70.00');
      await expect.poll(() => rows.first().textContent()).toContain('pending');
      await screenshot(page, `history-${viewportName}`);
      await expectAccessible(page, '/user/history with pages');

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('21–23 of 23 transactions').waitFor();
      const declined = rows.filter({ hasText: 'Ethereum deposit' });
      await expect.poll(() => declined.textContent()).toContain('rejected');
      await expect.poll(() => declined.textContent()).toContain('Reason: Proof unreadable');
      const credit = rows.filter({ hasText: 'Credit by an administrator' });
      await expect.poll(() => credit.textContent()).toContain('Reason: Welcome bonus');
      await expect.poll(() => credit.textContent()).toContain('+$25.00');
      await expect.poll(() => rows.last().textContent()).toContain('Bitcoin deposit');
      await expect.poll(() => rows.last().textContent()).toContain('approved');

      await page.getByRole('button', { name: 'Adjustments' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().textContent()).toContain('Credit by an administrator');
      await expect
        .poll(() => page.getByRole('button', { name: 'Adjustments' }).getAttribute('aria-pressed'))
        .toBe('true');

      await page.getByRole('button', { name: 'Withdrawals' }).click();
      await page.getByText('Nothing of this type yet.').waitFor();
    });

    it('the menu and the top bar lead to working pages, with the current entry highlighted', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      const menu = page.getByRole('navigation', { name: 'Account' });
      const currentEntry = () => menu.locator('[aria-current="page"]').textContent();

      if (viewportName === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      // The specification's menus differ: the side menu opens depo, the drawer opens deposit.
      const depositPath = viewportName === 'phone' ? '/user/deposit' : '/user/depo';
      await expect
        .poll(() => menu.getByRole('link', { name: 'Deposit' }).getAttribute('href'))
        .toBe(depositPath);
      await expect.poll(() => currentEntry()).toBe('Dashboard');
      if (viewportName === 'phone') await page.keyboard.press('Escape');

      for (const [label, path, heading] of [
        ['Deposit', depositPath, 'Deposit'],
        ['Withdrawal', '/user/withdraw', 'Withdrawal'],
        ['History', '/user/history', 'History'],
        ['Dashboard', '/user/overview', `Hello, ${user.user.fullName}`],
      ] as const) {
        await openMenuEntry(page, viewportName, label);
        await page.waitForURL(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expectAccessible(page, path);
        if (viewportName === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await expect.poll(() => currentEntry()).toBe(label);
        if (viewportName === 'phone') await page.keyboard.press('Escape');
      }

      await page.getByRole('link', { name: 'Fund Account' }).click();
      await page.waitForURL(`${baseUrl}/user/deposit`);
      await page.getByRole('button', { name: 'CONTINUE' }).waitFor();
      await page.getByRole('link', { name: 'Withdraw Funds' }).click();
      await page.waitForURL(`${baseUrl}/user/withdraw`);
      await page.getByRole('heading', { name: 'Request New Withdrawal' }).waitFor();

      if (viewportName === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectAccessible(page, 'the menu drawer');
        await page.getByRole('dialog').getByRole('link', { name: 'Vestora home' }).click();
        await page.waitForURL(`${baseUrl}/`);
      }
    });
  });
}
