import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@vestora/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../admin-console/console-helpers.ts';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  BTC_ADDRESS,
  callApi,
  fundAccount,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  saveWithdrawalAddress,
  setUpUserSuite,
  signUpUser,
  USER_PASSWORD,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const INJECTED = '=HYPERLINK("http://evil.example","Claim your bonus")';

function adjust(user: SignedInUser, mode: 'credit' | 'debit', amount: number, reason: string) {
  return callApi(api, 'PUT', `/api/admin/creditOrDebit/${user.user._id}`, adminToken, {
    data: { mode, amount, reason },
  });
}

async function balanceOf(user: SignedInUser): Promise<number> {
  const { data } = await callApi<{ data: { accountBalance: number } }>(
    api,
    'GET',
    `/api/user/userprofile/${user.user._id}`,
    user.token,
  );
  return data.accountBalance;
}

/** The downloaded statement's rows, after checking its BOM and header. */
function rowsOf(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  expect(lines.shift()).toBe('Date (UTC),Type,Reference,Amount (USD),Balance after (USD),Reason,Transaction');
  return lines;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`statement and closure at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('downloads a statement whose movements add up to the balance, a formula in a reason made harmless', async () => {
      const user = await signUpUser(api);
      await fundAccount(api, adminToken, user, 500);
      await adjust(user, 'credit', 12.34, INJECTED);
      await adjust(user, 'debit', 100.5, 'Correction, as agreed');
      await openSignedIn(page, user, '/user/history');
      const form = page.getByRole('region', { name: 'Export statement' });
      await form.waitFor();
      await expectAccessible(page, '/user/history with the statement export');

      const today = new Date().toISOString().slice(0, 10);
      await form.getByLabel('From').fill('2030-01-02');
      await form.getByLabel('To').fill('2030-01-01');
      await form.getByRole('button', { name: 'Download CSV' }).click();
      await waitForAlert(page, MESSAGES.statementRangeReversed);

      await form.getByLabel('From').fill(today);
      await form.getByLabel('To').fill(today);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        form.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`statement-${today}-to-${today}.csv`);
      const rows = rowsOf(await readFile(await download.path(), 'utf8'));
      expect(rows.map((row) => row.split(',').slice(1, 2).concat(row.split(',').slice(3, 5)))).toEqual([
        ['Deposit', '500.00', '500.00'],
        ['Credit', '12.34', '512.34'],
        ['Debit', '-100.50', '411.84'],
      ]);
      // The reason, then the empty Transaction column of a movement that is no withdrawal.
      expect(rows[1]).toMatch(/,"'=HYPERLINK\(""http:\/\/evil\.example"",""Claim your bonus""\)",$/);
      expect(rows[2]).toMatch(/,"Correction, as agreed",$/);
      expect(await balanceOf(user)).toBe(411.84);
      await page.getByText('Statement downloaded.').waitFor();
      await screenshot(page, `statement-export-${viewportName}`);
    });

    it('closes an account only once it is empty and settled; then it is signed out and cannot sign in, and the operator still sees it', async () => {
      const user = await signUpUser(api, 'Grace Hopper');
      await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
      await fundAccount(api, adminToken, user, 100);
      await openSignedIn(page, user, '/user/security');
      const section = page.getByRole('region', { name: 'Close account' });
      await section.getByRole('button', { name: 'Close account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Close your account' });
      await dialog.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      const confirm = dialog.getByRole('button', { name: 'Close account' });

      await confirm.click();
      await waitForAlert(page, MESSAGES.closeAccountHasBalance);
      await expectAccessible(page, 'closing an account with money on it');
      await screenshot(page, `close-account-refused-${viewportName}`);

      // The whole balance asked for as a withdrawal: nothing available, but a withdrawal pending.
      await saveWithdrawalAddress(api, user, { coin: 'btc', address: BTC_ADDRESS });
      const { data: withdrawal } = await callApi<{ data: { _id: string } }>(
        api,
        'POST',
        '/api/user/withdraw',
        user.token,
        { data: { amount: 100, method: 'btc', address: BTC_ADDRESS } },
      );
      await confirm.click();
      await waitForAlert(page, MESSAGES.closeAccountHasPendingWithdrawal);
      await callApi(api, 'PUT', `/api/admin/declineWithdrawal/${withdrawal._id}`, adminToken, {
        data: { reason: 'Closing instead' },
      });
      await adjust(user, 'debit', 100, 'Paid out by bank transfer');

      await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'eth', amount: 75 } });
      await confirm.click();
      await waitForAlert(page, MESSAGES.closeAccountHasPendingDeposit);
      const { data: deposits } = await callApi<{ data: { _id: string; status: string }[] }>(
        api,
        'GET',
        '/api/user/transactions?type=deposit',
        user.token,
      );
      const pending = deposits.find((deposit) => deposit.status === 'pending');
      await callApi(api, 'PUT', `/api/admin/declineDeposit/${pending?._id}`, adminToken, {
        data: { reason: 'Not received' },
      });

      await dialog.getByLabel('Current password', { exact: true }).fill('Wrong#Pass99');
      await confirm.click();
      await waitForAlert(page, MESSAGES.passwordWrong);

      await dialog.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await confirm.click();
      await page.waitForURL('**/signin');
      await page.getByText(MESSAGES.accountClosed).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('root'))).toBeNull();
      const refused = await api.get(`/api/user/userprofile/${user.user._id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(refused.status()).toBe(401);

      await page.getByLabel('Email or UserName').fill(user.user.userName);
      await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
      await page.getByRole('button', { name: 'Account Login' }).click();
      await page.getByText(MESSAGES.invalidCredentials).first().waitFor();
      expect(page.url()).toContain('/signin');

      // The operator keeps the account's history and sees who closed it.
      await openFreshPage(viewport);
      await signInAsAdmin(page);
      await page.goto('/admin/audit');
      await page.getByLabel('Target type').selectOption('user');
      const closing = page.getByRole('row').filter({ hasText: 'Account closed by its owner' }).filter({
        hasText: user.user.userName,
      });
      await expect.poll(() => closing.count()).toBe(1);
      await expect.poll(() => closing.textContent()).toContain(user.user.fullName);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        closing.getByRole('button', { name: `Statement (CSV) of ${user.user.userName}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${user.user.userName}-start-to-`));
      const rows = rowsOf(await readFile(await download.path(), 'utf8'));
      expect(rows.map((row) => row.split(',').slice(3, 5))).toEqual([
        ['100.00', '100.00'],
        ['-100.00', '0.00'],
        ['100.00', '100.00'],
        ['-100.00', '0.00'],
      ]);
      await page.goto('/admin/adminTrans');
      const history = page.getByRole('row').filter({ hasText: `@${user.user.userName}` });
      await expect.poll(() => history.count()).toBe(3);
      await expect.poll(() => history.filter({ hasText: 'rejected' }).count()).toBe(2);
      await screenshot(page, `closed-account-admin-history-${viewportName}`);
    });
  });
}
