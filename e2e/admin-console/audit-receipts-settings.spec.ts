import type { SiteSettings } from '@vestora/shared';
import { type APIRequestContext, type Browser, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  adminLogIn,
  callApi,
  openSignedIn,
  type SignedInUser,
  signUpUser,
  TINY_PNG,
} from '../user/user-helpers.ts';
import {
  type ConsoleTab,
  openSection,
  openTab,
  signInAsAdmin,
  snapshot,
  uniqueTag,
} from './console-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let api: APIRequestContext;
let adminToken: string;
let tab: ConsoleTab | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
  adminToken = (await adminLogIn(api)).token;
});
afterEach(async () => {
  await tab?.context.close();
  expect(tab?.problems).toEqual([]);
  tab = undefined;
});
afterAll(async () => {
  await api.dispose();
  await browser.close();
});

const reference = (id: string) => `#${id.slice(-10).toUpperCase()}`;

async function depositWithProof(user: SignedInUser, amount: string, proof: Buffer): Promise<string> {
  const { data } = await callApi<{ data: { deposits: { _id: string }[] } }>(
    api,
    'POST',
    '/api/user/deposit',
    user.token,
    {
      multipart: { mode: 'btc', amount, image: { name: 'proof.png', mimeType: 'image/png', buffer: proof } },
    },
  );
  const [newest] = data.deposits;
  if (!newest) throw new Error('the deposit is missing from the profile');
  return newest._id;
}

describe('admin console at desktop width', () => {
  it('opens a deposit receipt in a new tab that shows the image, and marks a reused one', async () => {
    // A PNG whose trailing bytes make it unlike any receipt sent before.
    const proof = Buffer.concat([TINY_PNG, Buffer.from(uniqueTag())]);
    const depositId = await depositWithProof(await signUpUser(api, 'Grace Hopper'), '175', proof);
    const reusedId = await depositWithProof(await signUpUser(api, 'Frank Abagnale'), '180', proof);

    tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    const { page, context } = tab;
    await signInAsAdmin(page);
    await openSection(page, 'Transactions');
    const row = page.getByRole('row').filter({ hasText: reference(depositId) });
    const reusedRow = page.getByRole('row').filter({ hasText: reference(reusedId) });
    await reusedRow.getByText('Reused receipt').waitFor();
    await expect.poll(() => row.getByText('Reused receipt').count()).toBe(0);
    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('link', { name: /View receipt/ }).click(),
    ]);
    await receipt.waitForLoadState();
    expect(receipt.url()).toContain('/api/files/');
    await expect.poll(() => receipt.evaluate(() => document.images[0]?.naturalWidth)).toBe(1);
    // The tab carries no session: the signed link alone lets it in, and the file cannot run as a page.
    const served = await api.get(receipt.url());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    await receipt.close();
  });

  it("shows every act on a user's money in the audit trail and in the user's own history", async () => {
    const user = await signUpUser(api, 'Hedy Lamarr');
    const reason = `Goodwill ${uniqueTag()}`;

    tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    const { page } = tab;
    await signInAsAdmin(page);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.user.userName);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: `Actions for ${user.user.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Verify User' }).click();
    await page.getByText('User verification was successful!').waitFor();
    await page.getByRole('button', { name: `Actions for ${user.user.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Credit/Debit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit/Debit' });
    await dialog.getByLabel('Credit', { exact: true }).check();
    await dialog.getByLabel('Amount (USD)').fill('80');
    await dialog.getByLabel('Reason', { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openSection(page, 'Audit');
    await page.getByLabel('Target type').selectOption('user');
    const entries = page.getByRole('row').filter({ hasText: user.user.userName });
    await expect.poll(() => entries.count()).toBe(2);
    const credited = entries.filter({ hasText: 'Balance credited' });
    await expect.poll(() => credited.textContent()).toContain(reason);
    await expect.poll(() => credited.textContent()).toContain('$80.00');
    await expect.poll(() => entries.filter({ hasText: 'User verified' }).count()).toBe(1);
    await snapshot(page, 'admin-audit-users-desktop');

    const userTab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await openSignedIn(userTab.page, user, '/user/history');
      await userTab.page.getByText(`Reason: ${reason}`).waitFor();
      expect(userTab.problems).toEqual([]);
    } finally {
      await userTab.context.close();
    }
  });

  it('edits what the public pages claim, which the site then serves and the audit trail records', async () => {
    const { data: original } = await callApi<{ data: SiteSettings }>(api, 'GET', '/api/site', null);
    try {
      tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
      const { page } = tab;
      await signInAsAdmin(page);
      await openSection(page, 'Settings', 'Site settings');
      await page.getByLabel('Founding year').fill('2019');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect
        .poll(
          async () =>
            (await callApi<{ data: SiteSettings }>(api, 'GET', '/api/site', null)).data.foundingYear,
        )
        .toBe(2019);

      await openSection(page, 'Audit');
      const edited = page.getByRole('row').filter({ hasText: 'Site settings edited' }).first();
      await edited.waitFor();
      await expect.poll(() => edited.textContent()).toContain('2019');
    } finally {
      // The other browser tests share this server: leave the firm's claims as they were.
      await callApi(api, 'PUT', '/api/admin/site', adminToken, { data: original });
    }
  });
});

const ADMIN_PAGES = [
  ['Users', '/admin/testing'],
  ['All users', '/admin/allusers'],
  ['Transactions', '/admin/adminTrans'],
  ['Withdrawals', '/admin/withdrawals'],
  ['Gateway', '/admin/gateway'],
  ['Plans', '/admin/plans'],
  ['Support', '/admin/support'],
  ['Site settings', '/admin/settings'],
  ['Audit', '/admin/audit'],
] as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`admin console accessibility at ${viewportName} width`, () => {
    it('passes the accessibility scan on every page', { timeout: 180_000 }, async () => {
      // Rows of every kind on screen, whatever ran before: one deposit without a receipt, one with.
      const user = await signUpUser(api, 'Alan Turing');
      await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'eth', amount: 90 } });
      await depositWithProof(user, '95', Buffer.concat([TINY_PNG, Buffer.from(uniqueTag())]));
      tab = await openTab(browser, baseUrl, viewport);
      const { page } = tab;
      await signInAsAdmin(page);
      for (const [name, path] of ADMIN_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // Scanned once the page has its data: no spinner left (the console polls, so the network never idles).
        await page.locator('[role="status"][aria-label^="Loading"]').first().waitFor({ state: 'detached' });
        await expectAccessible(page, `${name} (${path}) at ${viewportName} width`);
      }
    });
  });
}
