import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  approveNewestDeposit,
  BTC_ADDRESS,
  callApi,
  createGateway,
  ETH_ADDRESS,
  openFreshPage,
  openMenuEntry,
  openSignedIn,
  page,
  type ServedGateway,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
  TINY_PNG,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');
let gateways: { btc: ServedGateway; eth: ServedGateway };

beforeAll(async () => {
  gateways = {
    btc: await createGateway(api, adminToken, 'btc', BTC_ADDRESS),
    eth: await createGateway(api, adminToken, 'eth', ETH_ADDRESS),
  };
});

async function historyTotal(user: SignedInUser): Promise<number> {
  return (await callApi<{ total: number }>(api, 'GET', '/api/user/transactions', user.token)).total;
}

/** The copy button must put exactly the address on screen on the clipboard. */
async function expectCopiedAddress(expected: string) {
  const shown = await page.locator('code').first().textContent();
  expect(shown).toBe(expected);
  await page.getByRole('button', { name: 'Copy address' }).click();
  await page.getByText('Address copied to clipboard!').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
}

async function expectQrImage(coinName: string) {
  const qr = page.getByRole('img', { name: `QR code of the ${coinName} wallet address` });
  await qr.waitFor();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
}

/** Holds deposit calls until the returned function lets them go, so the busy state can be seen. */
async function holdDeposits(): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user/deposit', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`deposits at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport, { permissions: ['clipboard-read', 'clipboard-write'] }));

    it('/user/deposit checks the amount and the coin with the specification messages', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/deposit');
      await page.getByText('Minimum: 50.00 USD').waitFor();

      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await waitForAlert(page, 'Please select a mode and enter the amount to deposit!');

      await page.getByLabel('Amount (USD)').fill('120');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await waitForAlert(page, 'Please select a mode and enter the amount to deposit!');

      await page.getByRole('radio', { name: 'Bitcoin' }).check();
      await page.getByLabel('Amount (USD)').fill('12a');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await waitForAlert(page, 'Amount must be a number only');

      await page.getByLabel('Amount (USD)').fill('49');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await waitForAlert(page, 'minimum is 50');

      // Exactly one coin: choosing Ethereum unsets Bitcoin.
      await page.getByRole('radio', { name: 'Ethereum' }).check();
      await expect.poll(() => page.getByRole('radio', { name: 'Bitcoin' }).isChecked()).toBe(false);
      await screenshot(page, `deposit-entry-${viewportName}`);
      await expectAccessible(page, '/user/deposit, first step with a message');

      await page.getByLabel('Amount (USD)').fill('50');
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('heading', { name: 'Make Payment' }).waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => page.getByLabel('Amount (USD)').inputValue()).toBe('50');
      await expect.poll(() => page.getByRole('radio', { name: 'Ethereum' }).isChecked()).toBe(true);
      expect(await historyTotal(user)).toBe(0);
    });

    it('/user/deposit pays Ethereum to the gateway wallet, proof optional, and starts over', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/deposit');
      await page.getByLabel('Amount (USD)').fill('60');
      await page.getByRole('radio', { name: 'Ethereum' }).check();
      await page.getByRole('button', { name: 'CONTINUE' }).click();

      await page.getByRole('heading', { name: 'Make Payment' }).waitFor();
      await page.getByText('$60.00').first().waitFor();
      await expect.poll(() => page.getByRole('definition').filter({ hasText: 'ERC' }).count()).toBe(1);
      await expectQrImage('Ethereum');
      await expectCopiedAddress(gateways.eth.add);
      await screenshot(page, `deposit-payment-${viewportName}`);
      await expectAccessible(page, '/user/deposit, payment step');

      const releaseDeposit = await holdDeposits();
      await page.getByRole('button', { name: 'Submit Payment' }).click();
      await page.getByText('Processing Eth Deposit').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Submit Payment' }).isDisabled()).toBe(true);
      releaseDeposit();
      await page.getByText('Deposit successful').waitFor();

      // Success resets amount, coin and step.
      await page.getByRole('heading', { name: 'Fund your account' }).waitFor();
      await expect.poll(() => page.getByLabel('Amount (USD)').inputValue()).toBe('');
      await expect.poll(() => page.getByRole('radio', { name: 'Ethereum' }).isChecked()).toBe(false);
      const { data } = await callApi<{
        data: { type: string; mode: string; amount: number; status: string }[];
      }>(api, 'GET', '/api/user/transactions', user.token);
      expect(data).toEqual([
        expect.objectContaining({ type: 'deposit', mode: 'eth', amount: 60, status: 'pending' }),
      ]);
    });

    it('/user/depo checks the amount, the method and the proof with the specification messages', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/depo');
      await page.getByRole('heading', { name: 'Fund Your Account' }).waitFor();
      const proceed = page.getByRole('button', { name: 'Proceed to Payment' });

      for (const amount of ['', 'abc', '0']) {
        await page.getByLabel('Amount to Deposit').fill(amount);
        await proceed.click();
        await waitForAlert(page, 'Please enter a valid amount.');
      }
      await page.getByLabel('Amount to Deposit').fill('99.99');
      await proceed.click();
      await waitForAlert(page, 'The minimum amount to deposit is $100.');
      await expectAccessible(page, '/user/depo, first step with a message');

      await page.getByLabel('Amount to Deposit').fill('100');
      await proceed.click();
      await waitForAlert(page, 'Please enter the amount and select a payment method.');

      await page.getByRole('radio', { name: 'Bitcoin' }).check();
      await proceed.click();
      await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
      await page.getByRole('button', { name: 'I have made payment' }).click();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await waitForAlert(page, 'Please upload proof of payment.');

      await page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => page.getByLabel('Amount to Deposit').inputValue()).toBe('100');
      expect(await historyTotal(user)).toBe(0);
    });

    it('/user/depo deposits with a proof; History shows it pending, then approved; the balance follows', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/depo');
      await page.getByLabel('Amount to Deposit').fill('150');
      await page.getByRole('radio', { name: 'Bitcoin' }).check();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();

      await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
      await page.getByText('Pay $150.00 in Bitcoin to the wallet address below.').waitFor();
      await expectQrImage('Bitcoin');
      await expectCopiedAddress(gateways.btc.add);
      await page.getByRole('button', { name: 'I have made payment' }).click();
      await page
        .getByLabel('Proof of payment')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
      await screenshot(page, `depo-transaction-${viewportName}`);
      await expectAccessible(page, '/user/depo, transaction details with the proof field');

      const releaseDeposit = await holdDeposits();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByRole('button', { name: 'Submitting...' }).waitFor();
      await page.getByText('Deposit Processing...').waitFor();
      releaseDeposit();
      await page.getByText('Deposit successful').waitFor();
      await page.getByRole('heading', { name: 'Fund Your Account' }).waitFor();
      await expect.poll(() => page.getByLabel('Amount to Deposit').inputValue()).toBe('');
      await expect.poll(() => page.getByRole('radio', { name: 'Bitcoin' }).isChecked()).toBe(false);

      await openMenuEntry(page, viewportName, 'History');
      await page.waitForURL(`${baseUrl}/user/history`);
      const row = page.getByRole('listitem').filter({ hasText: 'Bitcoin deposit' });
      await row.filter({ hasText: 'pending' }).waitFor();
      await expect.poll(() => row.textContent()).toContain('+$150.00');
      await screenshot(page, `history-pending-${viewportName}`);
      await expectAccessible(page, '/user/history');

      await approveNewestDeposit(api, adminToken, user.user._id);
      await page.reload();
      await row.filter({ hasText: 'approved' }).waitFor();

      await openMenuEntry(page, viewportName, 'Dashboard');
      await page.getByRole('button', { name: 'Show Total Balance' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Summary' }).textContent())
        .toContain('Total Balance$150.00');
    });

    it('a double click sends once, and a retry after a lost answer deposits once', async () => {
      const user = await signUpUser(api);
      const keys: string[] = [];
      await page.route('**/api/user/deposit', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (keys.length > 1) return route.continue();
        // The server takes the first deposit, but its answer never reaches the page.
        await route.fetch();
        return route.abort('connectionreset');
      });
      await openSignedIn(page, user, '/user/deposit');
      await page.getByLabel('Amount (USD)').fill('75');
      await page.getByRole('radio', { name: 'Bitcoin' }).check();
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await page.getByRole('button', { name: 'Submit Payment' }).dblclick();
      await waitForAlert(page, 'Error occurred');
      expect(keys).toHaveLength(1);

      await page.getByRole('button', { name: 'Submit Payment' }).click();
      await page.getByText('Deposit successful').waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(await historyTotal(user)).toBe(1);
    });

    it('does not let anyone pay when the wallet of the coin cannot be fetched', async () => {
      await page.route('**/api/user/getPostByName/eth', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'No gateway for this coin.' }),
        }),
      );
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/depo');
      await page.getByLabel('Amount to Deposit').fill('150');
      await page.getByRole('radio', { name: 'Ethereum' }).check();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await waitForAlert(page, 'Failed to fetch gateway details. Please try again later.');
      await expect
        .poll(() => page.getByRole('button', { name: 'I have made payment' }).isDisabled())
        .toBe(true);
      await expectAccessible(page, '/user/depo without a wallet');
      await expect.poll(() => page.getByRole('button', { name: 'Copy address' }).count()).toBe(0);

      await page.goto('/user/deposit');
      await page.getByLabel('Amount (USD)').fill('80');
      await page.getByRole('radio', { name: 'Ethereum' }).check();
      await page.getByRole('button', { name: 'CONTINUE' }).click();
      await waitForAlert(page, 'Failed to fetch gateway details. Please try again later.');
      await expect.poll(() => page.getByRole('button', { name: 'Submit Payment' }).isDisabled()).toBe(true);
    });
  });
}
