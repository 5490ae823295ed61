import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  BTC_ADDRESS,
  callApi,
  fundAccount,
  openFreshPage,
  openMenuEntry,
  openSignedIn,
  page,
  saveWithdrawalAddress,
  setUpUserSuite,
  signUpUser,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const availableBalance = () =>
  page.getByText('Available balance').locator('xpath=following-sibling::p').textContent();

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`withdrawals at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('is closed with the reason until verification; then a request goes pending and the balance drops', async () => {
      const user = await signUpUser(api);
      await fundAccount(api, adminToken, user, 500);
      await openSignedIn(page, user, '/user/withdraw');

      await page.getByRole('heading', { name: 'Request New Withdrawal' }).waitFor();
      await page
        .getByText('Your account must be verified by an administrator before you can withdraw.')
        .waitFor();
      await expect.poll(() => page.getByLabel('Amount (USD)').isDisabled()).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'WITHDRAW' }).isDisabled()).toBe(true);
      await screenshot(page, `withdraw-unverified-${viewportName}`);
      await expectAccessible(page, '/user/withdraw, unverified');
      // The server refuses on its own as well; the disabled form is only a courtesy.
      const refused = await api.post('/api/user/withdraw', {
        headers: { authorization: `Bearer ${user.token}` },
        data: { amount: 10, method: 'btc', address: BTC_ADDRESS },
      });
      expect(refused.status()).toBe(403);

      await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
      await saveWithdrawalAddress(api, user, { coin: 'btc', address: BTC_ADDRESS });
      await page.reload();
      await expect.poll(() => page.getByLabel('Amount (USD)').isEnabled()).toBe(true);
      await expect.poll(() => availableBalance()).toBe('$500.00');
      const limits = page.getByRole('region', { name: 'Withdrawal limits' });
      await limits.getByText('Daily limit $1,000.00 · $1,000.00 left').waitFor();

      const withdraw = page.getByRole('button', { name: 'WITHDRAW' });
      await withdraw.click();
      await waitForAlert(page, 'Please enter the amount, the method and the destination address.');

      await page.getByLabel('Amount (USD)').fill('900');
      await page.getByLabel('Destination address').fill(BTC_ADDRESS);
      await withdraw.click();
      await waitForAlert(page, 'Insufficient balance.');

      await page.getByLabel('Amount (USD)').fill('200');
      await page.getByLabel('Method').selectOption({ label: 'Ethereum' });
      await withdraw.click();
      await waitForAlert(page, 'Invalid address for this coin.');

      await page.getByLabel('Method').selectOption({ label: 'Bitcoin' });
      await withdraw.click();
      await page.getByText('Withdrawal request submitted.').waitFor();
      const pendingRequest = page
        .getByRole('region', { name: 'Your withdrawal requests' })
        .getByRole('listitem')
        .filter({ hasText: BTC_ADDRESS });
      await pendingRequest.filter({ hasText: 'pending' }).waitFor();
      await expect.poll(() => pendingRequest.textContent()).toContain('$200.00');
      await expect.poll(availableBalance).toBe('$300.00');
      await limits.getByText('Daily limit $1,000.00 · $800.00 left').waitFor();
      await expect.poll(() => page.getByLabel('Amount (USD)').inputValue()).toBe('');
      await screenshot(page, `withdraw-pending-${viewportName}`);
      await expectAccessible(page, '/user/withdraw with a request');

      await openMenuEntry(page, viewportName, 'History');
      const row = page.getByRole('listitem').filter({ hasText: 'Bitcoin withdrawal' });
      await row.filter({ hasText: 'pending' }).waitFor();
      await expect.poll(() => row.textContent()).toContain('−$200.00');
    });
  });
}
