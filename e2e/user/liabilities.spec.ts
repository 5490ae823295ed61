import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  callApi,
  fundAccount,
  openFreshPage,
  openMenuEntry,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

interface Snapshot {
  id: string;
  rootSum: string;
  signature: string;
}

/** A person holding `amount` USD, counted in a snapshot the admin takes right after. */
async function countedUser(amount: number): Promise<{ user: SignedInUser; snapshot: Snapshot }> {
  const user = await signUpUser(api);
  await fundAccount(api, adminToken, user, amount);
  const { data: snapshot } = await callApi<{ data: Snapshot }>(
    api,
    'POST',
    '/api/admin/liabilities/snapshots',
    adminToken,
  );
  return { user, snapshot };
}

const usd = (cents: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(cents) / 100);

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`proof of liabilities at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('verifies a genuine proof in the browser, beside the balance, and downloads it', async () => {
      const { user, snapshot } = await countedUser(250);
      await openSignedIn(page, user, '/user/overview');
      await openMenuEntry(page, viewportName, 'Verify my balance');
      await page.waitForURL('**/user/verify-balance');

      const verdict = page.getByRole('status').filter({ hasText: 'Verified:' });
      await verdict.waitFor();
      expect(await verdict.textContent()).toBe(
        `Verified: your balance of $250.00 is counted in the signed total of ${usd(snapshot.rootSum)}.`,
      );
      const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
      await expect
        .poll(() => checks.allTextContents())
        .toEqual([
          '✓Your leaf and its path add up to the root hash and total (SHA-256 in your browser): yes',
          '✓That root and total are the ones published for this snapshot: yes',
          "✓Every published snapshot carries the platform key's Ed25519 signature and names its predecessor: yes",
        ]);
      const counted = page.getByRole('heading', { name: 'Counted for you in this snapshot' }).locator('..');
      expect(await counted.textContent()).toContain('$250.00');
      const now = page.getByRole('heading', { name: 'Your balance now' }).locator('..');
      await expect.poll(() => now.textContent()).toContain('$250.00Available $250.00');
      await screenshot(page, `verify-balance-${viewportName}`);
      await expectAccessible(page, '/user/verify-balance');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download proof (JSON)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`proof-of-liabilities-${snapshot.id}.json`);
      const proof = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
      expect(proof).toMatchObject({
        snapshotId: snapshot.id,
        rootSum: snapshot.rootSum,
        leaf: { sum: '25000' },
      });
    });

    it('rejects a proof whose sum was altered on the way', async () => {
      const { user } = await countedUser(80);
      await page.route('**/api/user/liabilities/proof**', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.leaf.sum = '8000000';
        await route.fulfill({ response, json: body });
      });
      await openSignedIn(page, user, '/user/verify-balance');

      const alert = page.getByRole('alert').filter({ hasText: 'Not verified:' });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'Not verified: The path does not lead to the published root hash.',
      );
      expect(await page.getByRole('status').filter({ hasText: 'Verified:' }).count()).toBe(0);
      await screenshot(page, `verify-balance-tampered-${viewportName}`);
    });

    it('publishes the roots, the key and the limits, linked from the landing footer', async () => {
      await countedUser(60);
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of solvency' }).click();
      await page.waitForURL('**/liabilities');
      await page.getByRole('heading', { name: 'Proof of solvency', level: 1 }).waitFor();

      const { data: list } = await callApi<{ data: { publicKey: string; snapshots: Snapshot[] } }>(
        api,
        'GET',
        '/api/liabilities',
        null,
      );
      expect(await page.getByTestId('public-key').textContent()).toBe(list.publicKey);
      const roots = page.getByRole('list', { name: 'Published roots' }).getByRole('listitem');
      await expect.poll(() => roots.count()).toBe(list.snapshots.length);
      expect(await roots.first().textContent()).toContain(list.snapshots[0]?.id);
      await page
        .getByRole('status')
        .filter({ hasText: `Checked in your browser: all ${list.snapshots.length} signatures` })
        .waitFor();
      for (const limit of [
        'Your balance is counted in a published total that is no smaller than it.',
        'A left-out balance is only caught if its owner checks.',
        'Our assets beyond the listed addresses.',
      ]) {
        expect(await page.getByText(limit).count()).toBeGreaterThan(0);
      }
      await screenshot(page, `liabilities-public-${viewportName}`);
      await expectAccessible(page, '/liabilities');
    });

    it('says so on the public page when a published signature does not match', async () => {
      await countedUser(75);
      await page.route('**/api/liabilities', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const newest = body.data.snapshots[0];
        newest.signature = `${newest.signature[0] === 'a' ? 'b' : 'a'}${newest.signature.slice(1)}`;
        await route.fulfill({ response, json: body });
      });
      await page.goto('/liabilities');
      const alert = page.getByRole('alert').filter({ hasText: 'Check failed:' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^Check failed: The signature of snapshot [0-9a-f-]{36} is not valid\.$/,
      );
    });
  });
}
