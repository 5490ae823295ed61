import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { base64 } from '@scure/base';
import { PAYOUT_MESSAGES, type PayoutBatch, type Withdrawal } from '@vestora/shared';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mineTransaction } from '../../apps/server/test/bitcoin-blocks.ts';
import { freshRegtestAddress, signWithWallet } from '../../apps/server/test/bitcoin-signing.ts';
import { type BitcoinNode, payBitcoin, startBitcoind } from '../../apps/server/test/chain-nodes.ts';
import { TEST_WALLET } from '../../apps/server/test/test-wallet.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import {
  callApi,
  logInApi,
  openSignedIn,
  type SignedInUser,
  saveWithdrawalAddress,
  signUpUser,
} from '../user/user-helpers.ts';

/**
 * A Bitcoin withdrawal paid in a batch from the console's Bitcoin payouts page: chosen with a fee
 * rate, its unsigned PSBT downloaded and copied, signed by the wallet's key as a hardware wallet
 * would, uploaded as the wallet's .psbt file, and followed on the page until its transaction has its
 * confirmations and the withdrawal is paid.
 */

/** 40,000.00 USD per BTC: the deposit of 0.02 BTC is 800 USD, a withdrawal of 400 USD is owed 0.01 BTC. */
const BTC_RATE_CENTS = 4_000_000;
const DEPOSIT_SATS = 2_000_000n;
const WITHDRAWAL_USD = 400;
const CONFIRMATIONS = 2;
const FULL_NAME = 'Hal Finney';

let node: BitcoinNode;
let server: RunningServer;
let dataDir: string;
let api: APIRequestContext;
let browser: Browser;
let admin: SignedInUser;

/** A verified depositor credited with 0.02 BTC paid on chain, withdrawing 400 USD to a fresh address, approved. */
async function approvedBitcoinWithdrawal() {
  const person = await signUpUser(api, FULL_NAME, { outboxOf: dataDir });
  await callApi(api, 'PUT', `/api/admin/verifyUser/${person.user._id}`, admin.token);
  const { data: deposit } = await callApi<{ data: { address: string } }>(
    api,
    'GET',
    '/api/user/depositAddress/btc',
    person.token,
  );
  await payBitcoin(node.rpc, deposit.address, DEPOSIT_SATS);
  await node.rpc('generate', [CONFIRMATIONS]);
  await expect
    .poll(
      async () =>
        (
          await callApi<{ data: { accountBalance: number } }>(
            api,
            'GET',
            `/api/user/userprofile/${person.user._id}`,
            person.token,
          )
        ).data.accountBalance,
      { timeout: 30_000 },
    )
    .toBe(800);

  const address = freshRegtestAddress();
  const saved = await saveWithdrawalAddress(api, person, { coin: 'btc', address });
  const { data: withdrawal } = await callApi<{ data: Withdrawal }>(
    api,
    'POST',
    '/api/user/withdraw',
    person.token,
    { data: { amount: WITHDRAWAL_USD, addressId: saved._id } },
  );
  const approved = await callApi<{ message: string }>(
    api,
    'PUT',
    `/api/admin/approveWithdrawal/${withdrawal._id}`,
    admin.token,
    { data: {} },
  );
  expect(approved.message).toBe(PAYOUT_MESSAGES.withdrawalApprovedAwaitingPayment);
  return { person, address, withdrawalId: withdrawal._id };
}

async function liveBatches(): Promise<PayoutBatch[]> {
  return (await callApi<{ data: PayoutBatch[] }>(api, 'GET', '/api/admin/payout-batches', admin.token)).data;
}

const fitsTheScreen = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

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
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(
      "insert into exchange_rates (coin, usd_cents, set_at) values ('btc', $1, now()) on conflict (coin) do update set usd_cents = excluded.usd_cents, set_at = excluded.set_at",
      [BTC_RATE_CENTS],
    );
  } finally {
    await client.end();
  }
  // The wallet's key: deposits come to its addresses, a batch spends them and takes its change back.
  await callApi(api, 'PUT', '/api/admin/wallets/btc', admin.token, {
    data: { xpub: TEST_WALLET.bitcoinRegtestVpub, confirmations: CONFIRMATIONS },
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.dispose();
  if (server) await stopServer(server);
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the console’s Bitcoin payouts page', () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  // Funding on chain, then the page following the batch's blocks: longer than the default minute.
  it('batches an approved withdrawal, takes its signed PSBT from a file, and follows it to paid', async () => {
    const { person, address, withdrawalId } = await approvedBitcoinWithdrawal();

    context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: server.baseUrl });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const page = await context.newPage();
    await openSignedIn(page, admin, '/admin/payouts');
    await page.getByRole('heading', { name: 'Bitcoin payouts', level: 1 }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Admin' });
    expect(await navigation.getByRole('link', { name: 'Bitcoin payouts' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const waiting = page.getByRole('table', { name: 'Approved Bitcoin withdrawals waiting for a batch' });
    const row = waiting.getByRole('row').filter({ hasText: FULL_NAME });
    await row.getByText('0.01 BTC', { exact: true }).waitFor();
    await row.getByText(address).waitFor();

    // Nothing chosen: the shared schema's message, and no batch.
    const create = page.getByRole('button', { name: 'Create batch' });
    await create.click();
    await page
      .getByRole('alert')
      .filter({ hasText: PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid })
      .waitFor();
    expect(await liveBatches()).toEqual([]);

    await row.getByRole('checkbox', { name: `Pay ${FULL_NAME} 0.01 BTC` }).check();
    await page.getByText('1 chosen, 0.01 BTC').waitFor();
    const feeRate = page.getByLabel('Fee rate (sat/vB)');
    await feeRate.fill('0');
    await create.click();
    await page.getByRole('alert').filter({ hasText: PAYOUT_MESSAGES.payoutBatchFeeRateInvalid }).waitFor();
    expect(await feeRate.getAttribute('aria-invalid')).toBe('true');
    await feeRate.fill('2');
    await create.click();
    await page.getByText(PAYOUT_MESSAGES.payoutBatchCreated).first().waitFor();

    const [batch] = await liveBatches();
    if (!batch) throw new Error('no batch was created');
    expect(batch).toMatchObject({ state: 'open', feeRateSatPerVbyte: 2 });
    expect(batch.withdrawals.map((paid) => paid.id)).toEqual([withdrawalId]);
    const card = page.getByRole('region', { name: `Batch ${batch.txid.slice(0, 8)}…` });
    await card.getByText('Open: waiting for its signed transaction').waitFor();
    await card.getByText(batch.txid).waitFor();
    // In the batch now, no longer waiting for one; the form has nothing left to complain about.
    await waiting.getByText('No approved Bitcoin withdrawal is waiting for a batch.').waitFor();
    const waitingSection = page.getByRole('region', { name: 'Waiting for a batch' });
    expect(await waitingSection.getByRole('alert').count()).toBe(0);
    expect(await waitingSection.getByRole('button', { name: 'Create batch' }).count()).toBe(0);
    await card.getByText(address).waitFor();

    // The PSBT as the wallet's file (its bytes), and on the clipboard as base64.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download PSBT' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`payout-${batch.txid.slice(0, 12)}.psbt`);
    expect((await readFile(await download.path())).toString('base64')).toBe(batch.psbt);
    await card.getByRole('button', { name: 'Copy PSBT' }).click();
    await page.getByText('PSBT copied.').first().waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(batch.psbt);
    await screenshot(page, 'bitcoin-payouts-open-desktop');
    await expectAccessible(page, '/admin/payouts with an open batch');

    await page.setViewportSize(VIEWPORTS.phone);
    await card.getByRole('button', { name: 'Download PSBT' }).waitFor();
    await fitsTheScreen(page);
    await screenshot(page, 'bitcoin-payouts-open-phone');
    await expectAccessible(page, '/admin/payouts with an open batch, at phone width');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The PSBT as it came, unsigned: refused, the batch still open.
    const signedField = card.getByLabel('Signed PSBT or raw transaction');
    await signedField.fill(batch.psbt);
    await card.getByRole('button', { name: 'Upload signed transaction' }).click();
    await card.getByRole('alert').filter({ hasText: PAYOUT_MESSAGES.payoutBatchUnsigned }).waitFor();

    // Signed in the wallet and saved as a binary .psbt file: the page reads it as base64.
    const signedTx = signWithWallet(batch.psbt);
    const signedFile = path.join(dataDir, 'signed.psbt');
    await writeFile(signedFile, signedTx.toPSBT());
    await card.getByLabel('Or read it from a file').setInputFiles(signedFile);
    await expect.poll(() => signedField.inputValue()).toBe(base64.encode(signedTx.toPSBT()));
    await card.getByRole('button', { name: 'Upload signed transaction' }).click();

    // The 2015 node cannot read a transaction serialized with its witness: the page says so as a
    // warning, and the batch is followed in blocks all the same.
    await card.getByText('Broadcast, waiting for a block').waitFor();
    const warning = card.getByRole('status').filter({ hasText: /^The node did not take the transaction/ });
    await expect.poll(() => warning.textContent()).toContain('It is followed in blocks all the same');
    expect(await card.getByRole('alert').count()).toBe(0);
    const link = card.getByRole('link', { name: `${batch.txid} (transaction, opens in a new tab)` });
    expect(await link.getAttribute('href')).toBe(batch.txUrl);
    expect(await card.getByRole('button', { name: 'Cancel batch' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Upload signed transaction' }).count()).toBe(0);
    await screenshot(page, 'bitcoin-payouts-broadcast-desktop');

    await page.setViewportSize(VIEWPORTS.phone);
    await fitsTheScreen(page);
    await screenshot(page, 'bitcoin-payouts-broadcast-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Mined: the page follows its confirmations, and leaves the batch once it has them.
    await mineTransaction(node.rpc, signedTx.hex);
    await expect
      .poll(() => card.getByText(`Broadcast, 1 of ${CONFIRMATIONS} confirmations`, { exact: true }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await node.rpc('generate', [CONFIRMATIONS - 1]);
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    await waiting.getByText('No approved Bitcoin withdrawal is waiting for a batch.').waitFor();

    const { data: mine } = await callApi<{ data: Withdrawal[] }>(
      api,
      'GET',
      '/api/user/withdrawals',
      person.token,
    );
    expect(mine.find((withdrawal) => withdrawal._id === withdrawalId)?.payout).toMatchObject({
      state: 'paid',
      isVerified: true,
      txId: batch.txid,
      confirmations: CONFIRMATIONS,
    });
    await fitsTheScreen(page);
    await expectAccessible(page, '/admin/payouts with nothing waiting');
  }, 180_000);
});
