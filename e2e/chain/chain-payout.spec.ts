import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { PAYOUT_MESSAGES, WITHDRAWAL_FEE_POLICY } from '@vestora/shared';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNode, startAnvil } from '../../apps/server/test/chain-nodes.ts';
import { deployTestUsdt, mineBlocks, payEther } from '../../apps/server/test/test-usdt.ts';
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
 * An Ethereum withdrawal whose payout the chain proves: approved through the API, paid by the
 * treasury (an anvil account registered as a reserve) with its own wallet, recorded in the console's
 * Record payment dialog, and followed by the depositor from confirming to paid.
 */

/** 300.00 USD at 3,000.00 USD per ETH: 0.1 ETH. */
const ETH_RATE_CENTS = 300_000;
const WITHDRAWAL_USD = 300;
const OWED_WEI = 10n ** 17n;
const CONFIRMATIONS = 3;

let node: RunningNode;
let server: RunningServer;
let dataDir: string;
let api: APIRequestContext;
let browser: Browser;
let admin: SignedInUser;
/** An anvil account registered as a reserve; `payEther` pays from another one, which is not. */
let treasury: string;

async function registerReserve(address: string): Promise<void> {
  const { data } = await callApi<{ data: { challenge: string } }>(
    api,
    'GET',
    `/api/admin/reserves/challenge?${new URLSearchParams({ address })}`,
    admin.token,
  );
  const signature = await node.rpc<string>('personal_sign', [
    `0x${Buffer.from(data.challenge).toString('hex')}`,
    address,
  ]);
  await callApi(api, 'POST', '/api/admin/reserves', admin.token, {
    data: { coin: 'eth', address, challenge: data.challenge, signature },
  });
}

/** The treasury pays with its own wallet, as staff would; the hash once the node has mined it. */
async function payFromTreasury(to: string, wei: bigint): Promise<string> {
  const hash = await node.rpc<string>('eth_sendTransaction', [
    { from: treasury, to, value: `0x${wei.toString(16)}` },
  ]);
  await expect
    .poll(
      async () => (await node.rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status,
    )
    .toBe('0x1');
  return hash;
}

/** A verified, funded person with a saved Ethereum address, who asks for 300 USD to it. */
async function personWithdrawing(fullName: string) {
  const person = await signUpUser(api, fullName, { outboxOf: dataDir });
  await callApi(api, 'PUT', `/api/admin/verifyUser/${person.user._id}`, admin.token);
  await callApi(api, 'PUT', `/api/admin/creditOrDebit/${person.user._id}`, admin.token, {
    data: { mode: 'credit', amount: 1000, reason: 'funding' },
  });
  // A fresh address nobody pays from; all lower case, so no checksum to get wrong.
  const address = `0x${randomBytes(20).toString('hex')}`;
  const saved = await saveWithdrawalAddress(api, person, { coin: 'eth', address });
  const { data } = await callApi<{ data: { _id: string; isPayoutCheckedOnChain: boolean } }>(
    api,
    'POST',
    '/api/user/withdraw',
    person.token,
    { data: { amount: WITHDRAWAL_USD, addressId: saved._id } },
  );
  expect(data.isPayoutCheckedOnChain).toBe(true);
  return { person, address, withdrawalId: data._id };
}

const fitsTheScreen = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true);

beforeAll(async () => {
  node = await startAnvil();
  const usdt = await deployTestUsdt(node.rpc);
  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    env: { ETHEREUM_RPC_URL: node.url, USDT_ERC20_CONTRACT: usdt, CHAIN_POLL_SECONDS: '1' },
  });
  api = await request.newContext({ baseURL: server.baseUrl });
  browser = await launchBrowser();
  admin = await logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(
      "insert into exchange_rates (coin, usd_cents, set_at) values ('eth', $1, now()) on conflict (coin) do update set usd_cents = excluded.usd_cents, set_at = excluded.set_at",
      [ETH_RATE_CENTS],
    );
  } finally {
    await client.end();
  }
  // The Ethereum wallet's confirmations are what a payout needs, too.
  await callApi(api, 'PUT', '/api/admin/wallets/eth', admin.token, {
    data: { xpub: TEST_WALLET.ethereumXpub, confirmations: CONFIRMATIONS },
  });
  [, treasury] = (await node.rpc<string[]>('eth_accounts')) as [string, string];
  await registerReserve(treasury);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.dispose();
  if (server) await stopServer(server);
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`a payout proven by the chain at ${viewportName} width`, () => {
    let contexts: BrowserContext[] = [];
    const openPage = async (session: SignedInUser, path: string) => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      await openSignedIn(page, session, path);
      return page;
    };

    afterAll(async () => {
      for (const context of contexts) await context.close();
      contexts = [];
    });

    // The pages follow the payout every few seconds: longer than the default minute on a busy machine.
    it('is approved without a reference, refused from an unregistered address, recorded from the treasury, and followed to Paid', async () => {
      const fullName = viewportName === 'phone' ? 'Grace Hopper' : 'Ada Lovelace';
      const { person, address, withdrawalId } = await personWithdrawing(fullName);

      // The request page states the fee policy before anyone submits.
      const userPage = await openPage(person, '/user/withdraw');
      await userPage.getByText(WITHDRAWAL_FEE_POLICY).waitFor();

      // The approve dialog asks for no reference: the payment is read from the chain later.
      const consolePage = await openPage(admin, '/admin/withdrawals');
      const pendingRow = consolePage.getByRole('row').filter({ hasText: fullName });
      await pendingRow.getByRole('button', { name: 'Approve' }).click();
      const approve = consolePage.getByRole('alertdialog');
      await approve.getByText(/fixes the coin amount at the current rate/).waitFor();
      expect(await approve.getByRole('textbox').count()).toBe(0);
      await approve.getByRole('button', { name: 'Cancel' }).click();
      await approve.waitFor({ state: 'detached' });

      const approved = await callApi<{ message: string }>(
        api,
        'PUT',
        `/api/admin/approveWithdrawal/${withdrawalId}`,
        admin.token,
        { data: {} },
      );
      expect(approved.message).toBe(PAYOUT_MESSAGES.withdrawalApprovedAwaitingPayment);

      const request = userPage
        .getByRole('region', { name: 'Your withdrawal requests' })
        .getByRole('listitem')
        .filter({ hasText: address });
      await userPage.reload();
      await request.getByText('Approved, awaiting payment').waitFor();
      await request.getByText('0.1 ETH at $3,000.00 per ETH').waitFor();

      // The console lists it under Approved, with the transaction any wallet can sign.
      await consolePage.goto('/admin/withdrawals?status=approved');
      const row = consolePage.getByRole('row').filter({ hasText: fullName });
      await row.getByText('Approved, awaiting payment').waitFor();
      await row.getByRole('button', { name: 'Unsigned transaction' }).click();
      const unsigned = consolePage.getByRole('dialog', { name: /Unsigned transaction/ });
      const fields = unsigned.locator('pre');
      await expect.poll(() => fields.textContent()).toContain(`"to": "${address}"`);
      expect(await fields.textContent()).toContain(`"value": "0x${OWED_WEI.toString(16)}"`);
      await unsigned.getByRole('button', { name: 'Copy transaction' }).click();
      await consolePage.getByText('Transaction copied.').first().waitFor();
      await expect
        .poll(() => consolePage.evaluate(() => navigator.clipboard.readText()))
        .toContain(`"to": "${address}"`);
      await expectAccessible(consolePage, 'the unsigned transaction dialog');
      await unsigned.getByRole('button', { name: 'Done' }).click();
      await unsigned.waitFor({ state: 'detached' });

      // A payment of the right amount from an address that is not a reserve does not count.
      const strangers = await payEther(node.rpc, address, OWED_WEI);
      await row.getByRole('button', { name: 'Record payment' }).click();
      const record = consolePage.getByRole('dialog', { name: /Record payment/ });
      const hashField = record.getByLabel('Transaction hash');
      await hashField.fill('0x1234');
      await record.getByRole('button', { name: 'Record payment' }).click();
      await record.getByRole('alert').filter({ hasText: PAYOUT_MESSAGES.payoutTxHashInvalid }).waitFor();
      await hashField.fill(strangers);
      await record.getByRole('button', { name: 'Record payment' }).click();
      await record.getByRole('alert').filter({ hasText: PAYOUT_MESSAGES.payoutFromUnregistered }).waitFor();
      await screenshot(consolePage, `chain-payout-refused-${viewportName}`);
      await expectAccessible(consolePage, 'the Record payment dialog with a refusal');

      // The treasury pays the exact amount; its hash is accepted and the payout confirms.
      const paid = await payFromTreasury(address, OWED_WEI);
      // As a wallet may show it, in capitals: the shared schema reads it in lower case.
      await hashField.fill(`0x${paid.slice(2).toUpperCase()}`);
      await record.getByRole('button', { name: 'Record payment' }).click();
      await record.waitFor({ state: 'detached' });
      await consolePage.getByText(PAYOUT_MESSAGES.payoutTxAccepted).first().waitFor();
      await row.getByText(`Sent, 1 of ${CONFIRMATIONS} confirmations`).waitFor();
      const explorerUrl = `https://etherscan.io/tx/${paid}`;
      const consoleLink = row.getByRole('link', { name: `${paid} (transaction, opens in a new tab)` });
      expect(await consoleLink.getAttribute('href')).toBe(explorerUrl);
      await fitsTheScreen(consolePage);
      await screenshot(consolePage, `chain-payout-console-${viewportName}`);
      await expectAccessible(consolePage, '/admin/withdrawals, approved, with a payout confirming');

      // The depositor's page follows the confirmations by itself.
      await request.getByText(`Sent, 1 of ${CONFIRMATIONS} confirmations`).waitFor();
      await mineBlocks(node.rpc, CONFIRMATIONS - 1);
      await request.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
      const link = request.getByRole('link', { name: `${paid} (transaction, opens in a new tab)` });
      expect(await link.getAttribute('href')).toBe(explorerUrl);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await request.getByText(/not checked on chain/).count()).toBe(0);
      await fitsTheScreen(userPage);
      await screenshot(userPage, `chain-payout-withdraw-${viewportName}`);
      await expectAccessible(userPage, '/user/withdraw with a paid payout');

      await userPage.goto('/user/history');
      const item = userPage.getByRole('listitem').filter({ hasText: 'Ethereum withdrawal' });
      await item.getByText('Paid', { exact: true }).waitFor();
      await item.getByText('0.1 ETH at $3,000.00 per ETH').waitFor();
      expect(
        await item
          .getByRole('link', { name: `${paid} (transaction, opens in a new tab)` })
          .getAttribute('href'),
      ).toBe(explorerUrl);
      await fitsTheScreen(userPage);
      await expectAccessible(userPage, '/user/history with a paid payout');

      // Paid: nothing is left to do with it in the console.
      await row.getByText('Paid', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
      expect(await row.getByRole('button', { name: 'Decline' }).count()).toBe(0);
    }, 150_000);
  });
}
