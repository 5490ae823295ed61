import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
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
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { callApi, logInApi } from '../user/user-helpers.ts';

/*
 * A server of its own: the console's single-approver notice and the quorum a withdrawal needs
 * depend on how many staff there are, which other suites on the shared server would change.
 */
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PASSWORD = 'Second#Eyes1';
const SINGLE_STAFF_NOTICE = 'This platform has one staff member who can approve payouts';

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let page: Page;
let admin: { token: string; id: string; data: unknown };

beforeAll(async () => {
  dataDir = await freshDataDir();
  // The customer withdraws $12,000 twice in a day: past the limits of basic verification, which
  // have their own tests (apps/server/src/modules/withdrawals/withdrawal-limits.test.ts).
  server = await startServer({
    dataDir,
    env: { BASIC_WITHDRAWAL_DAILY_USD: '100000', BASIC_WITHDRAWAL_MONTHLY_USD: '100000' },
  });
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

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
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

    it('pays on one approval while there is one staff member; once a second has served past the delay, a day of large withdrawals waits for both', async () => {
      const customer = await verifiedPerson('Ada');
      await call('PUT', `/api/admin/creditOrDebit/${customer.id}`, admin.token, {
        mode: 'credit',
        amount: 24_000,
        reason: 'funding',
      });
      await call('POST', '/api/user/addresses', customer.token, {
        coin: 'btc',
        address: BTC_ADDRESS,
        label: 'Cold',
        password: PASSWORD,
      });
      const withdraw = async () => {
        const { data: addresses } = await call<{ data: { _id: string }[] }>(
          'GET',
          '/api/user/addresses',
          customer.token,
        );
        const { data } = await call<{ data: { _id: string; requiredApprovals: number } }>(
          'POST',
          '/api/user/withdraw',
          customer.token,
          { amount: 12_000, addressId: addresses[0]?._id },
        );
        return data;
      };

      // One staff member: a single approver, and the console says so.
      const alone = await withdraw();
      expect(alone.requiredApprovals).toBe(1);
      await openConsole('/admin/withdrawals');
      await page.getByText(SINGLE_STAFF_NOTICE).first().waitFor();
      const row = page.getByRole('row').filter({ hasText: customer.fullName });
      await row.getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('alertdialog');
      await approve.getByRole('button', { name: 'Confirm' }).click();
      await approve.waitFor({ state: 'detached' });
      await page.getByText('Withdrawal approved.').first().waitFor();

      const colleague = await verifiedPerson('Grace');
      await page.goto('/admin/testing');
      const userRow = page.getByRole('row').filter({ hasText: colleague.fullName });
      await userRow.getByRole('button', { name: `Actions for ${colleague.fullName}` }).click();
      await page.getByRole('menuitem', { name: 'Make administrator' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel('Your current password', { exact: true }).fill(E2E_ADMIN.password);
      await dialog.getByRole('button', { name: 'Make administrator' }).click();
      await page.getByText('The account is now an administrator.').first().waitFor();
      // As if the delay on new staff had passed since.
      await sql("update staff_roles set granted_at = now() - interval '73 hours' where user_id = $1", [
        colleague.id,
      ]);

      // The day's second $12,000 crosses the dual-approval amount: it needs both.
      const second = await withdraw();
      expect(second.requiredApprovals).toBe(2);
      await page.goto('/admin/withdrawals');
      const waiting = page.getByRole('row').filter({ hasText: customer.fullName });
      await waiting.getByText('Large withdrawal: 2 different staff members must approve it.').waitFor();
      await waiting.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('First approval recorded.').first().waitFor();
      await waiting
        .getByText(
          /^Approved by Site Administrator, .+\. Waiting for 1 more approval from a different staff member\.$/,
        )
        .waitFor();
      await screenshot(page, `withdrawal-first-approval-${viewportName}`);
      await expectAccessible(page, '/admin/withdrawals with a first approval');

      await call('PUT', `/api/admin/approveWithdrawal/${second._id}`, colleague.token, {});
      const { data: paid } = await call<{ data: { _id: string; status: string }[] }>(
        'GET',
        '/api/user/withdrawals',
        customer.token,
      );
      expect(paid.find((candidate) => candidate._id === second._id)?.status).toBe('approved');
      await page.goto('/admin/withdrawals');
      await page.getByRole('heading', { name: 'Withdrawals' }).waitFor();
      await expect.poll(() => page.getByRole('row').filter({ hasText: customer.fullName }).count()).toBe(0);

      // The next width starts from one staff member again: removing the colleague waits for the
      // colleague's own approval, the only other owner.
      const { message } = await call<{ message: string }>(
        'PUT',
        `/api/admin/users/${colleague.id}/role`,
        admin.token,
        {
          isAdmin: false,
          password: E2E_ADMIN.password,
        },
      );
      expect(message).toBe('Saved for approval: another owner must approve this before it takes effect.');
      const { data: changes } = await call<{ data: { _id: string; subject: string }[] }>(
        'GET',
        '/api/admin/pendingChanges',
        colleague.token,
      );
      const removal = changes.find((change) => change.subject === colleague.id);
      await call('PUT', `/api/admin/pendingChanges/${removal?._id}/approve`, colleague.token);
    });
  });
}
