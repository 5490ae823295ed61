import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { MESSAGES } from '@vestora/shared';
import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ConsoleTab,
  openSection,
  openTab,
  signInAsAdmin,
  snapshot,
} from '../admin-console/console-helpers.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { adminLogIn, callApi, fundAccount, openSignedIn, signUpUser } from '../user/user-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let api: APIRequestContext;
let adminToken: string;
let tabs: ConsoleTab[] = [];

interface Snapshot {
  id: string;
  rootSum: string;
  format: number;
  statementHash: string | null;
  statement: string | null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
  adminToken = (await adminLogIn(api)).token;
});
afterEach(async () => {
  // A reserve left behind would make every later snapshot on this server read an Ethereum node it
  // does not have: whatever the test did, none stays.
  const { data: reserves } = await callApi<{ data: { id: string }[] }>(
    api,
    'GET',
    '/api/admin/reserves',
    adminToken,
  );
  for (const reserve of reserves) {
    await callApi(api, 'DELETE', `/api/admin/reserves/${reserve.id}`, adminToken);
  }
  for (const tab of tabs) {
    await tab.context.close();
    expect(tab.problems).toEqual([]);
  }
  tabs = [];
});
afterAll(async () => {
  await api.dispose();
  await browser.close();
});

async function consoleTab(viewport: { width: number; height: number }): Promise<ConsoleTab> {
  const tab = await openTab(browser, baseUrl, viewport);
  tabs.push(tab);
  await signInAsAdmin(tab.page);
  return tab;
}

async function newestSnapshot(): Promise<Snapshot> {
  const { data } = await callApi<{ data: { snapshots: Snapshot[] } }>(api, 'GET', '/api/liabilities', null);
  const [newest] = data.snapshots;
  if (!newest) throw new Error('no snapshot is published');
  return newest;
}

/** personal_sign (EIP-191): r ‖ s ‖ v over keccak-256 of the prefixed text, as MetaMask signs. */
function signEip191(secretKey: Uint8Array, text: string): string {
  const body = utf8ToBytes(text);
  const digest = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), body));
  const recovered = secp256k1.sign(digest, secretKey, { prehash: false, format: 'recovered' });
  return `0x${bytesToHex(concatBytes(recovered.subarray(1), Uint8Array.of((recovered[0] ?? 0) + 27)))}`;
}

function ethereumAddressOf(secretKey: Uint8Array): string {
  const uncompressed = secp256k1.getPublicKey(secretKey, false);
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

describe('the Solvency page', () => {
  it('shows the snapshot the console takes, its ratios short of 100 % in the warning style, at both widths', async () => {
    // Something is owed, and no reserve is registered: the platform holds nothing of it.
    const depositor = await signUpUser(api);
    await fundAccount(api, adminToken, depositor, 120);

    const { page } = await consoleTab(VIEWPORTS.desktop);
    await openSection(page, 'Solvency');
    await page.getByRole('button', { name: 'Take snapshot now' }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.solvencySnapshotTaken }).waitFor();
    const taken = await newestSnapshot();
    expect(taken.format).toBe(2);
    const statement = JSON.parse(taken.statement ?? 'null');
    expect(statement).toMatchObject({ reserves: [], reservesUsdCents: '0', solvencyBasisPoints: 0 });
    await expect
      .poll(() => page.getByTestId('newest-snapshot').textContent())
      .toContain('Solvency ratio0.00 %');

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const visitor = await openTab(browser, baseUrl, viewport);
      tabs.push(visitor);
      const publicPage = visitor.page;
      await publicPage.goto('/liabilities');
      await publicPage.getByRole('heading', { level: 1, name: 'Proof of solvency' }).waitFor();
      const solvency = publicPage.getByRole('region', { name: 'Solvency at the newest snapshot' });
      const ratio = solvency.getByTestId('solvency-ratio');
      await ratio.waitFor();
      expect(await ratio.textContent()).toContain('0.00 %');
      expect(await ratio.textContent()).toContain('The platform held less than it owed: $0.00 in reserves');
      expect(await ratio.locator('[data-below-full-cover]').textContent()).toBe('0.00 %');
      expect(await solvency.getByTestId('coverage-ratio').textContent()).toMatch(
        /\d\.\d{2} %|Nothing is owed/,
      );
      expect(await solvency.getByText('No reserve address was registered').count()).toBe(1);
      await solvency
        .getByRole('img', { name: /^Solvency ratio and obligation coverage ratio over / })
        .waitFor();

      const roots = publicPage.getByRole('list', { name: 'Published roots' }).getByRole('listitem');
      expect(await roots.first().textContent()).toContain(taken.id);
      expect(await roots.first().getByTestId('snapshot-format').textContent()).toMatch(/^Format 2:/);
      expect(await roots.first().textContent()).toContain(`Statement hash${taken.statementHash}`);
      await publicPage
        .getByRole('status')
        .filter({ hasText: /^Checked in your browser: all \d+ signatures/ })
        .waitFor();
      await publicPage
        .getByRole('status')
        .filter({
          hasText:
            "Checked in your browser: the statement's SHA-256 is its signed statement hash, the listed figures are its own, and its sums and ratios follow from its figures.",
        })
        .waitFor();
      expect(await solvency.getByText('Yield reserve (ledger, not proven on chain)').count()).toBe(1);
      await snapshot(publicPage, `solvency-public-${name}`);
      await expectAccessible(publicPage, `/liabilities at ${name} width`);
    }

    // The depositor's proof names their account, and says their leaf is bound to it.
    const verifier = await openTab(browser, baseUrl, VIEWPORTS.phone);
    tabs.push(verifier);
    await openSignedIn(verifier.page, depositor, '/user/verify-balance');
    await verifier.page.getByRole('status').filter({ hasText: 'Verified:' }).waitFor();
    expect(await verifier.page.getByText(`Your account id: ${depositor.user._id}`).count()).toBe(1);
    expect(await verifier.page.getByTestId('proof-format').textContent()).toBe(
      'Your leaf is bound to your account: no other depositor can be given it.',
    );
    await snapshot(verifier.page, 'solvency-verify-balance-phone');
  });

  it('registers an Ethereum reserve signed over its challenge, lists it, and removes it', async () => {
    const secretKey = secp256k1.utils.randomSecretKey();
    const address = ethereumAddressOf(secretKey);

    const { page } = await consoleTab(VIEWPORTS.desktop);
    await openSection(page, 'Solvency');
    await page.getByLabel('Coin').selectOption('eth');
    await page.getByLabel('Address that signs').fill(address);
    await page.getByRole('button', { name: 'Get the text to sign' }).click();
    const text = page.getByLabel('Text to sign');
    await text.waitFor();
    const challenge = await text.inputValue();
    expect(challenge).toContain(`Address: ${address}`);

    // A signature by another key is refused on the signature field, and nothing is registered.
    await page
      .getByLabel('Signature', { exact: true })
      .fill(signEip191(secp256k1.utils.randomSecretKey(), challenge));
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.reserveSignatureInvalid }).waitFor();
    expect(await page.getByLabel('Signature', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Signature', { exact: true }).fill(signEip191(secretKey, challenge));
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.reserveRegistered }).waitFor();
    const table = page.getByRole('table', { name: 'Registered reserves' });
    const row = table.getByRole('row').filter({ hasText: address });
    await row.waitFor();
    expect(await row.textContent()).toContain('EIP-191');
    await snapshot(page, 'solvency-admin-desktop');
    await expectAccessible(page, '/admin/solvency');

    const phone = await consoleTab(VIEWPORTS.phone);
    await openSection(phone.page, 'Solvency');
    await phone.page.getByRole('table', { name: 'Registered reserves' }).getByText(address).waitFor();
    await snapshot(phone.page, 'solvency-admin-phone');

    await row.getByRole('button', { name: `Remove ${address}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this reserve address?' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('status').filter({ hasText: MESSAGES.reserveRemoved }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await table.textContent()).toContain('No reserve address is registered');
  });
});
