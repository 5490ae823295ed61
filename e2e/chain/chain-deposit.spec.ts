import { rm } from 'node:fs/promises';
import pg from 'pg';
import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BitcoinNode, payBitcoin, startBitcoind } from '../../apps/server/test/chain-nodes.ts';
import { TEST_WALLET } from '../../apps/server/test/test-wallet.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { callApi, logInApi, openSignedIn, type SignedInUser, signUpUser } from '../user/user-helpers.ts';

/** A deposit paid on chain, seen from the deposit page: no upload, the page follows the payment itself. */

let node: BitcoinNode;
let server: RunningServer;
let dataDir: string;
let api: APIRequestContext;
let browser: Browser;
let admin: SignedInUser;

beforeAll(async () => {
  node = await startBitcoind();
  await node.rpc('generate', [101]);
  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_RPC_URL: node.url, CHAIN_POLL_SECONDS: '1' },
  });
  api = await request.newContext({ baseURL: server.baseUrl });
  browser = await launchBrowser();
  admin = await logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
  // 40,000.00 USD per BTC, as the rates module stores the operator's rate.
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(
      "insert into exchange_rates (coin, usd_cents, set_at) values ('btc', 4000000, now()) on conflict (coin) do update set usd_cents = excluded.usd_cents, set_at = excluded.set_at",
    );
  } finally {
    await client.end();
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.dispose();
  if (server) await stopServer(server);
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the console’s Wallets page', () => {
  it('checks a key’s first addresses before saving it, and refuses a private key', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.baseUrl });
    const page = await context.newPage();
    try {
      await openSignedIn(page, admin, '/admin/wallets');
      const bitcoin = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Bitcoin (BTC)' }) });
      await bitcoin
        .getByText('No wallet: deposits use the gateway address and a proof of payment.')
        .waitFor();

      await bitcoin.getByLabel('Extended public key').fill(TEST_WALLET.ethereumXprv);
      await bitcoin.getByRole('button', { name: 'Check addresses' }).click();
      await bitcoin.getByText(/This is a private key/).waitFor();

      await bitcoin.getByLabel('Extended public key').fill(TEST_WALLET.bitcoinRegtestVpub);
      await bitcoin.getByLabel('Confirmations before crediting').fill('2');
      await bitcoin.getByRole('button', { name: 'Check addresses' }).click();
      await bitcoin.getByText('Compare with your wallet before saving').waitFor();
      expect(await bitcoin.getByRole('listitem').count()).toBe(3);
      await expectAccessible(page, 'the Wallets page');
      await bitcoin.getByRole('button', { name: 'Save wallet' }).click();
      await page.getByText('Wallet saved.', { exact: false }).first().waitFor();
      await bitcoin.getByText('Highest index used: none yet').waitFor();

      await page.setViewportSize(VIEWPORTS.phone);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('a Bitcoin deposit to the user’s own address', () => {
  it('shows waiting, detected, n of N confirmations and credited by itself, at phone and desktop width', async () => {
    // The same key the console test saved; saving it again changes nothing but the count.
    await callApi(api, 'PUT', '/api/admin/wallets/btc', admin.token, {
      data: { xpub: TEST_WALLET.bitcoinRegtestVpub, confirmations: 2 },
    });
    const user = await signUpUser(api, undefined, { outboxOf: dataDir });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.baseUrl });
    const page = await context.newPage();
    try {
      await openSignedIn(page, user, '/user/deposit');
      await page.getByLabel('Amount (USD)').fill('100');
      await page.getByRole('radio', { name: /Bitcoin/ }).check();
      await page.getByRole('button', { name: 'CONTINUE' }).click();

      const status = page.getByRole('status').filter({ hasText: /payment|confirmation|credited/i });
      await expect.poll(() => status.textContent()).toContain('Waiting for payment');
      const address = (await page.locator('code').first().textContent()) ?? '';
      expect(address).toMatch(/^bcrt1q/);
      const qr = page.getByRole('img', { name: 'QR code of your Bitcoin deposit address' });
      await expect
        .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expectAccessible(page, 'the deposit page with a chain address');
      // Nothing to upload for a watched coin.
      expect(await page.getByLabel(/Proof of payment/).count()).toBe(0);

      await payBitcoin(node.rpc, address, 250_000n);
      await expect.poll(() => status.textContent()).toContain('Payment detected: 0.0025 BTC');
      await node.rpc('generate', [1]);
      await expect.poll(() => status.textContent()).toContain('1 of 2 confirmations');

      await page.setViewportSize(VIEWPORTS.phone);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);

      await node.rpc('generate', [1]);
      await expect.poll(() => status.textContent()).toContain('Credited: $100.00 added to your balance.');
      const profile = await callApi<{ data: { accountBalance: number } }>(
        api,
        'GET',
        `/api/user/userprofile/${user.user._id}`,
        user.token,
      );
      expect(profile.data.accountBalance).toBe(100);

      // The other deposit flow shows the user's next address, a fresh one, and asks for no proof either.
      await page.goto('/user/depo');
      await page.getByLabel('Amount to Deposit').fill('150');
      await page.getByRole('radio', { name: /Bitcoin/ }).check();
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByRole('img', { name: 'QR code of your Bitcoin deposit address' }).waitFor();
      const nextAddress = (await page.locator('code').first().textContent()) ?? '';
      expect(nextAddress).toMatch(/^bcrt1q/);
      expect(nextAddress).not.toBe(address);
      expect(await page.getByRole('button', { name: 'I have made payment' }).count()).toBe(0);

      await page.goto('/user/history');
      await page.getByText('0.0025 BTC at $40,000.00 · 2 of 2 confirmations · credited').waitFor();
      const transaction = page.getByRole('link', { name: /transaction, opens in a new tab/ });
      expect(await transaction.getAttribute('href')).toMatch(/^https:\/\/mempool\.space\/tx\/[0-9a-f]{64}$/);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});
