import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { confirmationTokenFromOutbox, mailFromOutbox } from '../support/outbox.ts';
import {
  E2E_ADMIN,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { callApi, logInApi } from './user-helpers.ts';

/*
 * The suite's shared server has no cool-off (its specs withdraw at once), so this one runs a server
 * of its own with the default 24 hours.
 */
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PASSWORD = 'Safety#Pass1';

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  const port = await freePort();
  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    port,
    env: { WITHDRAWAL_ADDRESS_COOLOFF_HOURS: '24', PUBLIC_URL: `http://localhost:${port}` },
  });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: server.baseUrl });
  adminToken = (await logIn(E2E_ADMIN.email, E2E_ADMIN.password)).token;
});
afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shared `callApi`, with a JSON body as this file writes its calls. */
function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, token: string | null, data?: unknown) {
  return callApi<T>(api, method, path, token, data === undefined ? {} : { data });
}

async function logIn(userNameOrEmail: string, password: string) {
  const { token, user } = await logInApi(api, userNameOrEmail, password);
  return { token, id: user._id };
}

/** A verified person with a balance, signed in in the page's browser context. */
async function openWithdrawalPageAsNewPerson(): Promise<{ token: string; id: string; email: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = `grace${tag}@example.com`;
  await call('POST', '/api/user/signup', null, {
    fullName: 'Grace Hopper',
    userName: `grace${tag}`,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await call('POST', '/api/user/confirmEmail', null, {
    token: await confirmationTokenFromOutbox(dataDir, email),
  });
  const person = await logIn(email, PASSWORD);
  await call('PUT', `/api/admin/verifyUser/${person.id}`, adminToken);
  await call('PUT', `/api/admin/creditOrDebit/${person.id}`, adminToken, {
    mode: 'credit',
    amount: 500,
    reason: 'funding',
  });
  await page.goto('/policy');
  const profile = await call<{ data: unknown }>('GET', `/api/user/userprofile/${person.id}`, person.token);
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: person.token,
    tradeUser: profile.data,
  });
  await page.goto('/user/withdraw');
  return { ...person, email };
}

async function addAddressThroughPage(address: { coin: string; address: string; label: string }) {
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a withdrawal address' });
  await dialog.getByLabel('Coin').selectOption({ label: address.coin });
  await dialog.getByLabel('Address', { exact: true }).fill(address.address);
  await dialog.getByLabel('Label').fill(address.label);
  await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const noHorizontalOverflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`the withdrawal address book at ${viewportName} width`, () => {
    beforeEach(async () => {
      await context?.close();
      context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      page = await context.newPage();
    });

    it('adds an address that waits out its cool-off, refuses to pay to it meanwhile, and removes one', async () => {
      const person = await openWithdrawalPageAsNewPerson();
      const book = page.getByRole('region', { name: 'Withdrawal addresses' });
      await book.getByText('No saved addresses yet.').waitFor();

      const longLabel = 'Cold storage wallet kept in the bank safe deposit box, row 4';
      await addAddressThroughPage({ coin: 'Bitcoin', address: BTC_ADDRESS, label: longLabel.slice(0, 60) });
      const saved = book.getByRole('listitem').filter({ hasText: BTC_ADDRESS });
      await saved.getByText(/^Waiting period: usable from /).waitFor();
      await addAddressThroughPage({ coin: 'Ethereum', address: ETH_ADDRESS, label: 'Exchange' });
      await book.getByRole('listitem').filter({ hasText: ETH_ADDRESS }).waitFor();
      await expect.poll(noHorizontalOverflow).toBe(true);
      await screenshot(page, `withdrawal-addresses-cooling-${viewportName}`);
      await expectAccessible(page, '/user/withdraw with cooling addresses');

      await page.getByLabel('Amount (USD)').fill('100');
      await page.getByLabel('Destination address').fill(BTC_ADDRESS);
      await page.getByRole('button', { name: 'WITHDRAW' }).click();
      await page
        .getByRole('alert')
        .filter({
          hasText:
            /This address is new: it can receive withdrawals from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC\./,
        })
        .first()
        .waitFor();
      await page.getByText('No withdrawal requests yet.').waitFor();

      const mail = await mailFromOutbox(dataDir, {
        to: person.email,
        subject: 'withdrawal address was added',
      });
      expect(mail.body).toContain(ETH_ADDRESS);

      await book.getByRole('button', { name: 'Remove Exchange' }).click();
      await page
        .getByRole('alertdialog', { name: 'Remove address' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await page.getByText('Address removed.').waitFor();
      await expect.poll(() => book.getByRole('listitem').count()).toBe(1);
      const { data } = await call<{ data: { address: string }[] }>(
        'GET',
        '/api/user/addresses',
        person.token,
      );
      expect(data.map((row) => row.address)).toEqual([BTC_ADDRESS]);
    });

    it('shows the lock on withdrawals after a password change, with the time it lifts', async () => {
      const person = await openWithdrawalPageAsNewPerson();
      await page.getByRole('heading', { name: 'Request New Withdrawal' }).waitFor();
      await expect.poll(() => page.getByLabel('Amount (USD)').isEnabled()).toBe(true);
      await call('PUT', '/api/user/password', person.token, {
        oldPassword: PASSWORD,
        newPassword: 'Changed#Pass2',
        confirmPassword: 'Changed#Pass2',
      });
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: 'Withdrawals are paused until' });
      await notice.waitFor();
      const { withdrawalsLockedUntil } = await call<{ withdrawalsLockedUntil: string }>(
        'GET',
        '/api/user/addresses',
        person.token,
      );
      const hoursAhead = (Date.parse(withdrawalsLockedUntil) - Date.now()) / 3_600_000;
      expect(hoursAhead).toBeGreaterThan(23.9);
      expect(hoursAhead).toBeLessThanOrEqual(24);
      await expect.poll(() => page.getByLabel('Amount (USD)').isDisabled()).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'WITHDRAW' }).isDisabled()).toBe(true);
      await expect.poll(noHorizontalOverflow).toBe(true);
      await screenshot(page, `withdrawals-locked-${viewportName}`);
      await expectAccessible(page, '/user/withdraw while withdrawals are locked');
    });

    it('removes an address from the link in the e-mail', async () => {
      const person = await openWithdrawalPageAsNewPerson();
      await addAddressThroughPage({ coin: 'Bitcoin', address: BTC_ADDRESS, label: 'Not mine' });
      const mail = await mailFromOutbox(dataDir, {
        to: person.email,
        subject: 'withdrawal address was added',
      });
      const link = /https?:\/\/\S+\/cancel-address\?token=[\w-]+/.exec(mail.body)?.[0];
      expect(link).toBeDefined();
      await page.goto(link ?? '');
      await page.getByRole('button', { name: 'Remove the address' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'The address was removed from the address book.' })
        .waitFor();
      await expect.poll(noHorizontalOverflow).toBe(true);
      await screenshot(page, `withdrawal-address-cancelled-${viewportName}`);
      const { data } = await call<{ data: unknown[] }>('GET', '/api/user/addresses', person.token);
      expect(data).toEqual([]);
    });
  });
}
