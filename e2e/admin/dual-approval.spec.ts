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
import { confirmationTokenFromOutbox } from '../support/outbox.ts';
import { E2E_ADMIN, freshDataDir, type RunningServer, startServer, stopServer } from '../support/server.ts';
import { callApi, logInApi } from '../user/user-helpers.ts';

/*
 * A server of its own: the console's "only one administrator" note depends on how many there are,
 * which other suites on the shared server would change.
 */
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PASSWORD = 'Second#Eyes1';

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let page: Page;
let admin: { token: string; id: string; data: unknown };

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: server.baseUrl });
  admin = await logIn(E2E_ADMIN.email, E2E_ADMIN.password);
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
  return { token, id: user._id, data: user };
}

async function verifiedPerson(firstName: string) {
  const tag = randomBytes(4).toString('hex');
  const fullName = `${firstName} Tester${tag}`;
  await call('POST', '/api/user/signup', null, {
    fullName,
    userName: `${firstName.toLowerCase()}${tag}`,
    email: `${firstName.toLowerCase()}${tag}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await call('POST', '/api/user/confirmEmail', null, {
    token: await confirmationTokenFromOutbox(dataDir, `${firstName.toLowerCase()}${tag}@example.com`),
  });
  const person = await logIn(`${firstName.toLowerCase()}${tag}`, PASSWORD);
  await call('PUT', `/api/admin/verifyUser/${person.id}`, admin.token);
  return { ...person, fullName };
}

async function openConsole(path: string) {
  await page.goto('/signin');
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: admin.token,
    tradeUser: admin.data,
  });
  await page.goto(path);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`four eyes on large withdrawals at ${viewportName} width`, () => {
    beforeEach(async () => {
      await context?.close();
      context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      page = await context.newPage();
    });

    it('waits on one approval, explains why, and pays on a second administrator named from the console', async () => {
      const customer = await verifiedPerson('Ada');
      await call('PUT', `/api/admin/creditOrDebit/${customer.id}`, admin.token, {
        mode: 'credit',
        amount: 12_000,
        reason: 'funding',
      });
      await call('POST', '/api/user/addresses', customer.token, {
        coin: 'btc',
        address: BTC_ADDRESS,
        label: 'Cold',
        password: PASSWORD,
      });
      const { data: withdrawal } = await call<{ data: { _id: string } }>(
        'POST',
        '/api/user/withdraw',
        customer.token,
        {
          amount: 12_000,
          addressId: (await call<{ data: { _id: string }[] }>('GET', '/api/user/addresses', customer.token))
            .data[0]?._id,
        },
      );

      await openConsole('/admin/withdrawals');
      const row = page.getByRole('row').filter({ hasText: customer.fullName });
      await row.getByText('Large withdrawal: two different administrators must approve it.').waitFor();
      await row.getByText('There is only one administrator, so it waits').waitFor();
      await row.getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('alertdialog');
      await approve.getByRole('button', { name: 'Confirm' }).click();
      await approve.waitFor({ state: 'detached' });
      await page.getByText('First approval recorded.').first().waitFor();
      await row
        .getByText(/^First approval: Site Administrator, .+ Waiting for a second administrator\.$/)
        .waitFor();
      await screenshot(page, `withdrawal-first-approval-${viewportName}`);
      await expectAccessible(page, '/admin/withdrawals with a first approval');

      const colleague = await verifiedPerson('Grace');
      await page.goto('/admin/testing');
      const userRow = page.getByRole('row').filter({ hasText: colleague.fullName });
      await userRow.getByRole('button', { name: `Actions for ${colleague.fullName}` }).click();
      await page.getByRole('menuitem', { name: 'Make administrator' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel('Your current password', { exact: true }).fill(E2E_ADMIN.password);
      await dialog.getByRole('button', { name: 'Make administrator' }).click();
      await page.getByText('The account is now an administrator.').first().waitFor();

      await call('PUT', `/api/admin/approveWithdrawal/${withdrawal._id}`, colleague.token, {});
      const { data: paid } = await call<{ data: { _id: string; status: string }[] }>(
        'GET',
        '/api/user/withdrawals',
        customer.token,
      );
      expect(paid.find((candidate) => candidate._id === withdrawal._id)?.status).toBe('approved');
      await page.goto('/admin/withdrawals');
      await page.getByRole('heading', { name: 'Withdrawals' }).waitFor();
      await expect.poll(() => page.getByRole('row').filter({ hasText: customer.fullName }).count()).toBe(0);

      // The next width starts from one administrator again.
      await call('PUT', `/api/admin/users/${colleague.id}/role`, admin.token, {
        isAdmin: false,
        password: E2E_ADMIN.password,
      });
    });
  });
}
