import { rm } from 'node:fs/promises';
import { MESSAGES } from '@vestora/shared';
import pg from 'pg';
import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshRegtestAddress } from '../../apps/server/test/bitcoin-signing.ts';
import { TEST_WALLET } from '../../apps/server/test/test-wallet.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import {
  adminLogIn,
  BTC_ADDRESS,
  callApi,
  createGateway,
  openSignedIn,
  signUpUser,
} from '../user/user-helpers.ts';
import { type ConsoleTab, openSection, openTab, signInAsAdmin, snapshot } from './console-helpers.ts';

/**
 * What trips an operator in a platform's first week: a wallet key saved with nothing watching its
 * addresses, a checklist that looks stale, and a console navigation that hides entries on a phone.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let tabs: ConsoleTab[] = [];

async function newTab(url: string, viewport: { width: number; height: number }): Promise<ConsoleTab> {
  const tab = await openTab(browser, url, viewport);
  tabs.push(tab);
  return tab;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  const opened = tabs;
  tabs = [];
  await Promise.all(opened.map((tab) => tab.context.close()));
  for (const tab of opened) expect(tab.problems).toEqual([]);
});
afterAll(async () => {
  await browser.close();
});

const ADMIN_ENTRIES = [
  'Users',
  'Transactions',
  'Gateway',
  'Withdrawals',
  'Wallets',
  'Plans',
  'Support',
  'Settings',
  'Audit',
  // With the count of changes waiting for approval in its name when any wait (other suites' changes).
  /^Approvals(, \d+ waiting)?$/,
  'Staff',
  'Solvency',
  'Bitcoin payouts',
  'Verifications',
  'API keys',
  'Webhooks',
];

/** The card of a coin on the console's Wallets page. */
const walletCard = (page: Page, heading: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading }) });

describe('the setup checklist', () => {
  // A platform of its own: on the shared one, other suites' gateways may already have done the step.
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
    server = await startServer({ dataDir });
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('marks a step done as soon as a gateway is added, and says how e-mail is connected', async () => {
    const { page } = await newTab(server.baseUrl, VIEWPORTS.desktop);
    await signInAsAdmin(page);
    const checklist = page.getByRole('region', { name: /^Setting up:/ });
    const mail = checklist.getByRole('listitem').filter({ hasText: 'Connect an e-mail server' });
    await expect.poll(() => mail.textContent()).toContain("set SMTP_URL in the server's environment");
    expect(await mail.textContent()).toContain('restart the server');

    await openSection(page, 'Gateway', 'Payment Gateways');
    const gatewayStep = checklist.getByRole('listitem').filter({ hasText: 'Add a wallet address' });
    await expect.poll(() => gatewayStep.textContent()).toContain('(to do)');
    // A page reload would drop this mark: the step must turn done in the page as it stands.
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await page.getByRole('button', { name: 'Add Gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Gateway' });
    await dialog.getByLabel('Wallet address').fill(BTC_ADDRESS);
    await dialog.getByLabel('Type').selectOption('btc');
    expect(await dialog.getByLabel('QR image (optional)').getAttribute('accept')).toBe('image/png,.png');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    await page.getByText('Gateway added successfully').first().waitFor();

    await expect.poll(() => gatewayStep.textContent()).toContain('(done)');
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  });
});

describe('the console navigation on a phone', () => {
  it('shows every entry behind its Menu button, within the screen, and closes with Escape', async () => {
    const { page } = await newTab(baseUrl, VIEWPORTS.phone);
    await signInAsAdmin(page);
    const navigation = page.getByRole('navigation', { name: 'Admin' });
    const menu = navigation.getByRole('button', { name: 'Menu' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await navigation.getByRole('link').count()).toBe(0);

    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    const listId = await menu.getAttribute('aria-controls');
    expect(listId).toBeTruthy();
    const list = page.locator(`[id="${listId}"]`);
    for (const label of ADMIN_ENTRIES) {
      const link = list.getByRole('link', { name: label, exact: typeof label === 'string' });
      await expect.poll(() => link.isVisible()).toBe(true);
      const box = await link.boundingBox();
      expect(box, `${label} has a place on the screen`).not.toBeNull();
      expect(box?.x ?? -1, `${label} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${label} ends on the screen`).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
    }
    expect(await navigation.getByRole('link').count()).toBe(ADMIN_ENTRIES.length);
    await snapshot(page, 'operator-traps-admin-menu-phone');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // Following an entry closes the menu on the page it opened.
    await openSection(page, 'Audit');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);

    // At desktop width the strip shows every entry with no button.
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => navigation.getByRole('link').count()).toBe(ADMIN_ENTRIES.length);
  });
});

describe('a watch-only key without a node', () => {
  it('is refused with the sentence naming BITCOIN_RPC_URL, under a warning naming it too', async () => {
    const { page } = await newTab(baseUrl, VIEWPORTS.desktop);
    await signInAsAdmin(page);
    await openSection(page, 'Wallets');
    const bitcoin = walletCard(page, 'Bitcoin (BTC)');
    const warning = bitcoin.getByText(/No Bitcoin node is configured/);
    await expect
      .poll(() => warning.textContent())
      .toMatch(/gateway address and upload a proof of payment.*BITCOIN_RPC_URL/);

    await bitcoin.getByLabel('Extended public key').fill(TEST_WALLET.bitcoinMainnetZpub);
    await bitcoin.getByRole('button', { name: 'Check addresses' }).click();
    await bitcoin.getByText('Compare with your wallet before saving').waitFor();
    await bitcoin.getByRole('button', { name: 'Save wallet' }).click();
    await bitcoin.getByRole('alert').filter({ hasText: MESSAGES.bitcoinWalletNeedsNode }).waitFor();
    expect(MESSAGES.bitcoinWalletNeedsNode).toContain('BITCOIN_RPC_URL');
    await bitcoin.getByText('No wallet: deposits use the gateway address and a proof of payment.').waitFor();
    expect(await bitcoin.getByRole('button', { name: 'Remove key' }).count()).toBe(0);
  });
});

describe('removing a watch-only key', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await freshDataDir();
    // Saving a key and deriving addresses never call the node, so nothing has to answer on this port.
    const nodePort = await freePort();
    server = await startServer({
      dataDir,
      env: { BITCOIN_NETWORK: 'regtest', BITCOIN_RPC_URL: `http://127.0.0.1:${nodePort}` },
    });
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts a 100 USD Bitcoin deposit on /user/deposit, up to the payment step. */
  async function startBitcoinDeposit(page: Page): Promise<void> {
    await page.goto('/user/deposit');
    await page.getByLabel('Amount (USD)').fill('100');
    await page.getByRole('radio', { name: /Bitcoin/ }).check();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
  }

  it('puts depositors back on the gateway address and the proof upload', async () => {
    const api = await request.newContext({ baseURL: server.baseUrl });
    try {
      const admin = await adminLogIn(api);
      // A regtest server takes Bitcoin addresses of its own network only.
      const gatewayAddress = freshRegtestAddress();
      await createGateway(api, admin.token, 'btc', gatewayAddress);

      const operator = await newTab(server.baseUrl, VIEWPORTS.desktop);
      await signInAsAdmin(operator.page);
      await openSection(operator.page, 'Wallets');
      const bitcoin = walletCard(operator.page, 'Bitcoin (BTC)');
      await bitcoin
        .getByText('No wallet: deposits use the gateway address and a proof of payment.')
        .waitFor();
      expect(await bitcoin.getByText(/No Bitcoin node is configured/).count()).toBe(0);
      await bitcoin.getByLabel('Extended public key').fill(TEST_WALLET.bitcoinRegtestVpub);
      await bitcoin.getByRole('button', { name: 'Check addresses' }).click();
      await bitcoin.getByText('Compare with your wallet before saving').waitFor();
      await bitcoin.getByRole('button', { name: 'Save wallet' }).click();
      await operator.page.getByText(MESSAGES.walletSaved).first().waitFor();
      await bitcoin.getByText('Highest index used: none yet').waitFor();

      // The depositor is given their own address and asked for no proof.
      const user = await signUpUser(api, undefined, { outboxOf: dataDir });
      const depositor = await newTab(server.baseUrl, VIEWPORTS.desktop);
      await openSignedIn(depositor.page, user, '/user/deposit');
      await startBitcoinDeposit(depositor.page);
      const ownAddress = depositor.page.getByRole('img', { name: 'QR code of your Bitcoin deposit address' });
      await ownAddress.waitFor();
      await expect.poll(() => depositor.page.locator('code').first().textContent()).toMatch(/^bcrt1q/);
      expect(await depositor.page.getByLabel(/Proof of payment/).count()).toBe(0);

      // One administrator: the removal applies at once.
      await bitcoin.getByRole('button', { name: 'Remove key' }).click();
      const confirm = operator.page.getByRole('alertdialog', { name: 'Remove the Bitcoin (BTC) key?' });
      await confirm.getByText(/go back to its gateway address and upload a proof of payment/).waitFor();
      await confirm.getByRole('button', { name: 'Remove key' }).click();
      await operator.page.getByText(MESSAGES.walletRemoved).first().waitFor();
      await expect.poll(() => confirm.count()).toBe(0);
      await bitcoin
        .getByText('No wallet: deposits use the gateway address and a proof of payment.')
        .waitFor();
      await expect.poll(() => bitcoin.getByRole('button', { name: 'Remove key' }).count()).toBe(0);

      await startBitcoinDeposit(depositor.page);
      await depositor.page.getByLabel(/Proof of payment/).waitFor();
      await expect.poll(() => depositor.page.locator('code').first().textContent()).toBe(gatewayAddress);
      expect(await ownAddress.count()).toBe(0);
    } finally {
      await api.dispose();
    }
  }, 120_000);

  it('waits for a second administrator, who sees the key it removes and approves it', async () => {
    const api = await request.newContext({ baseURL: server.baseUrl });
    try {
      const admin = await adminLogIn(api);
      // Set while the seeded administrator is alone, so the key applies at once.
      await callApi(api, 'PUT', '/api/admin/wallets/btc', admin.token, {
        data: { xpub: TEST_WALLET.bitcoinRegtestVpub, confirmations: 2 },
      });
      const second = await signUpUser(api, 'Grace Hopper', { outboxOf: dataDir });
      // An operator may promote someone in the database: the owner role, as the platform grants it
      // (no delay before its approvals count), a minute before the removal is proposed.
      const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
      await client.connect();
      try {
        await client.query('update users set is_admin = true where user_name = $1', [second.user.userName]);
        await client.query(
          "insert into staff_roles (user_id, role, granted_at) values ($1, 'owner', now() - interval '1 minute')",
          [second.user._id],
        );
      } finally {
        await client.end();
      }

      const proposer = await newTab(server.baseUrl, VIEWPORTS.desktop);
      await signInAsAdmin(proposer.page);
      await openSection(proposer.page, 'Wallets');
      const bitcoin = walletCard(proposer.page, 'Bitcoin (BTC)');
      await bitcoin.getByRole('button', { name: 'Remove key' }).click();
      const confirm = proposer.page.getByRole('alertdialog', { name: 'Remove the Bitcoin (BTC) key?' });
      await confirm.getByRole('button', { name: 'Remove key' }).click();
      await proposer.page.getByText(MESSAGES.walletRemovalWaiting).first().waitFor();
      const proposed = proposer.page
        .getByRole('region', { name: 'Waiting for approval' })
        .getByRole('listitem')
        .filter({ hasText: 'Remove the BTC watch-only key' });
      await proposed.getByText(TEST_WALLET.bitcoinRegtestVpub).waitFor();
      await proposed.getByText('Waiting for another administrator to approve it.').waitFor();
      // Until it is approved the key stays.
      await bitcoin.getByText(/Highest index used/).waitFor();

      const approver = await newTab(server.baseUrl, VIEWPORTS.phone);
      await openSignedIn(approver.page, second, '/admin/wallets');
      const waiting = approver.page
        .getByRole('region', { name: 'Waiting for approval' })
        .getByRole('listitem')
        .filter({ hasText: 'Remove the BTC watch-only key' });
      await waiting.getByText('gateway address and upload a proof of payment').waitFor();
      await waiting.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => waiting.count()).toBe(0);
      await walletCard(approver.page, 'Bitcoin (BTC)')
        .getByText('No wallet: deposits use the gateway address and a proof of payment.')
        .waitFor();
      await snapshot(approver.page, 'operator-traps-wallet-removal-approved-phone');
    } finally {
      await api.dispose();
    }
  }, 120_000);
});
