import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { MESSAGES } from '@vestora/shared';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
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
import { snapshot } from './console-helpers.ts';

/*
 * A server of its own: who may approve a credit depends on how many staff hold which roles, which
 * other suites on the shared server would change. The owner is the seeded administrator, alone
 * among owners, so the roles they give apply at once.
 */
const PASSWORD = 'Four#Eyes12';

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
const contexts: BrowserContext[] = [];
let owner: SignedIn;

interface SignedIn {
  token: string;
  id: string;
  data: unknown;
}

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: server.baseUrl });
  owner = await logIn(E2E_ADMIN.email, E2E_ADMIN.password);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

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

async function logIn(userNameOrEmail: string, password: string): Promise<SignedIn> {
  const { token, user } = await logInApi(api, userNameOrEmail, password);
  return { token, id: user._id, data: user };
}

/** A signed-up person with a confirmed address, verified by the owner: one who may become staff. */
async function verifiedPerson(firstName: string) {
  const tag = randomBytes(4).toString('hex');
  const userName = `${firstName.toLowerCase()}${tag}`;
  const fullName = `${firstName} Staffer${tag}`;
  const email = `${userName}@example.com`;
  await call('POST', '/api/user/signup', null, {
    fullName,
    userName,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await call('POST', '/api/user/confirmEmail', null, {
    token: await confirmationTokenFromOutbox(dataDir, email),
  });
  const person = await logIn(userName, PASSWORD);
  await call('PUT', `/api/admin/verifyUser/${person.id}`, owner.token);
  return { ...person, fullName, userName };
}

/** A console tab signed in as `person` through local storage, as the app keeps a session. */
async function openConsole(person: SignedIn, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/signin');
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: person.token,
    tradeUser: person.data,
  });
  await page.goto(path);
  return page;
}

/** Tailwind's `lg`: below it the console's navigation is a Menu button. */
const LARGE_BREAKPOINT_PX = 1024;

/**
 * The console's navigation, opened behind its Menu button below the large breakpoint. The button
 * is waited for: right after a page load it may not be drawn yet, and an unopened menu hides links.
 */
async function navigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  if ((page.viewportSize()?.width ?? 0) < LARGE_BREAKPOINT_PX) {
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  }
  return nav;
}

const userRow = (page: Page, fullName: string) => page.getByRole('row').filter({ hasText: fullName });

async function openUserActions(page: Page, fullName: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(fullName);
  // The search's answer replaces the rows: a menu opened on a row of the list before it would stay
  // anchored where that row was (off screen on a phone) once the list changes under it.
  await expect
    .poll(() => page.getByRole('button', { name: /^Actions for / }).count(), { timeout: 15_000 })
    .toBe(1);
  await expect.poll(() => page.locator('tbody[aria-busy="true"]').count()).toBe(0);
  const row = userRow(page, fullName);
  await row.getByRole('button', { name: `Actions for ${fullName}` }).click();
  return row;
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`staff roles and the approvals inbox at ${viewportName} width`, () => {
    it('the owner makes a user finance, whose approval (after the delay, and the password again) adds a large credit', async () => {
      const customer = await verifiedPerson('Ada');
      const colleague = await verifiedPerson('Fin');

      // The owner gives the colleague the finance role from the Users page: one owner, so at once.
      const page = await openConsole(owner, viewport, '/admin/testing');
      await openUserActions(page, colleague.fullName);
      await page.getByRole('menuitem', { name: 'Staff roles' }).click();
      const rolesDialog = page.getByRole('dialog', { name: `Staff roles of ${colleague.fullName}` });
      const finance = rolesDialog.getByRole('checkbox', { name: /^Finance/ });
      await finance.check();
      await rolesDialog
        .getByText('Can approve deposits and withdrawals; credit and debit balances.')
        .waitFor();
      await expectAccessible(page, 'the staff roles dialog');
      await snapshot(page, `staff-roles-dialog-${viewportName}`);
      await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
      await page.getByText(MESSAGES.staffRolesSaved).first().waitFor();
      await rolesDialog.waitFor({ state: 'detached' });

      // The Staff page lists both, with their roles; the colleague's approvals wait for the delay.
      await (await navigation(page)).getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      const staffTable = page.getByRole('table', { name: 'Staff' });
      const colleagueRow = staffTable.getByRole('row').filter({ hasText: colleague.fullName });
      await colleagueRow.getByText('Finance', { exact: true }).waitFor();
      await colleagueRow.getByText(/^Can approve from /).waitFor();
      const ownerRow = staffTable.getByRole('row').filter({ hasText: E2E_ADMIN.fullName });
      await ownerRow.getByText('Owner', { exact: true }).waitFor();
      const creditRule = page
        .getByRole('table', { name: 'Approval policy' })
        .getByRole('row')
        .filter({ hasText: 'Credits above the approval amount' });
      await creditRule.getByText('2 people must agree').waitFor();
      await creditRule.getByText(/^\d+ can approve \(Owner, Finance\)$/).waitFor();
      await snapshot(page, `staff-page-${viewportName}`);
      await expectAccessible(page, '/admin/staff');

      // The policy's number is checked by the shared schema before it is sent.
      await creditRule.getByRole('button', { name: 'Edit: Credits above the approval amount' }).click();
      const quorumDialog = page.getByRole('dialog', { name: 'Credits above the approval amount' });
      const quorumField = quorumDialog.getByLabel('People who must agree');
      await quorumField.fill('0');
      await quorumDialog.getByRole('button', { name: 'Save' }).click();
      await quorumDialog.getByRole('alert').filter({ hasText: MESSAGES.quorumRange }).waitFor();
      await expect.poll(() => quorumField.getAttribute('aria-invalid')).toBe('true');
      await quorumField.fill('2');
      await quorumDialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(MESSAGES.policySaved).first().waitFor();
      await quorumDialog.waitFor({ state: 'detached' });

      // A $5,000 credit is above the approval amount, and finance may approve it: it waits.
      await (await navigation(page)).getByRole('link', { name: 'Users', exact: true }).click();
      await openUserActions(page, customer.fullName);
      await page.getByRole('menuitem', { name: 'Credit/Debit' }).click();
      const creditDialog = page.getByRole('dialog', { name: 'Credit/Debit' });
      await creditDialog.getByRole('radio', { name: 'Credit' }).check();
      await creditDialog.getByLabel('Amount (USD)').fill('5000');
      await creditDialog.getByLabel('Reason').fill('Bank transfer received');
      await creditDialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(MESSAGES.creditPending).first().waitFor();

      // The navigation counts it; the owner's own card says it waits for someone else.
      await (await navigation(page)).getByRole('link', { name: 'Approvals, 1 waiting' }).click();
      await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
      const ownCard = page.getByRole('listitem').filter({ hasText: customer.fullName });
      await ownCard.getByText('Waiting for another administrator to approve it.').waitFor();
      await ownCard.getByText('Approvals: 0 of 1').waitFor();
      await ownCard.getByText('$5,000.00').waitFor();
      expect(await ownCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await snapshot(page, `approvals-own-credit-${viewportName}`);
      await expectAccessible(page, '/admin/approvals with an own change');

      // New staff approve nothing yet: the card says why instead of offering the button.
      const signedInColleague = await logIn(colleague.userName, PASSWORD);
      const approver = await openConsole(signedInColleague, viewport, '/admin/approvals');
      const card = approver.getByRole('listitem').filter({ hasText: customer.fullName });
      await card.getByText(/^New staff cannot approve anything yet/).waitFor();
      expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      // As if the delay on new staff had passed since the grant.
      await sql("update staff_roles set granted_at = now() - interval '73 hours' where user_id = $1", [
        colleague.id,
      ]);
      await approver.reload();
      await card.getByRole('button', { name: 'Approve' }).click();
      await approver.getByText(MESSAGES.adminChangeApproved).first().waitFor();
      await card.waitFor({ state: 'detached' });
      await (await navigation(approver)).getByRole('link', { name: 'Users', exact: true }).click();
      await approver.getByRole('searchbox', { name: 'Search users' }).fill(customer.fullName);
      await userRow(approver, customer.fullName).getByText('$5,000.00').waitFor();

      // A stale password confirmation: approving asks for the password, then goes through.
      await call('PUT', `/api/admin/creditOrDebit/${customer.id}`, owner.token, {
        mode: 'credit',
        amount: 2_000,
        reason: 'Second transfer',
      });
      await sql("update sessions set reauthenticated_at = now() - interval '2 hours' where user_id = $1", [
        colleague.id,
      ]);
      await approver.goto('/admin/approvals');
      await (await navigation(approver)).getByRole('link', { name: 'Approvals, 1 waiting' }).waitFor();
      const second = approver.getByRole('listitem').filter({ hasText: '$2,000.00' });
      await second.getByText('Approvals: 0 of 1').waitFor();
      await snapshot(approver, `approvals-to-approve-${viewportName}`);
      await expectAccessible(approver, '/admin/approvals with a change to approve');
      await second.getByRole('button', { name: 'Approve' }).click();
      const confirm = approver.getByRole('dialog', { name: 'Confirm it is you' });
      await confirm.getByLabel('Current password', { exact: true }).fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm and continue' }).click();
      await approver.getByText(MESSAGES.adminChangeApproved).first().waitFor();
      await second.waitFor({ state: 'detached' });
      await approver.getByText('Nothing waits for approval.').waitFor();
      await expect
        .poll(async () => {
          const { data } = await call<{ data: { accountBalance: number } }>(
            'GET',
            `/api/user/userprofile/${customer.id}`,
            customer.token,
          );
          return data.accountBalance;
        })
        .toBe(7_000);
    });

    it('a support member sees only what support may do: no money decisions, no settings, no staff', async () => {
      const helper = await verifiedPerson('Sam');
      const role = await call<{ message: string }>(
        'PUT',
        `/api/admin/staff/${helper.id}/roles`,
        owner.token,
        {
          roles: ['support'],
        },
      );
      expect(role.message).toBe(MESSAGES.staffRolesSaved);
      const customer = await verifiedPerson('Lin');
      await call('PUT', `/api/admin/creditOrDebit/${customer.id}`, owner.token, {
        mode: 'credit',
        amount: 500,
        reason: 'funding',
      });
      await call('POST', '/api/user/addresses', customer.token, {
        coin: 'btc',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        label: 'Cold',
        password: PASSWORD,
      });
      const { data: addresses } = await call<{ data: { _id: string }[] }>(
        'GET',
        '/api/user/addresses',
        customer.token,
      );
      await call('POST', '/api/user/withdraw', customer.token, { amount: 100, addressId: addresses[0]?._id });

      const page = await openConsole(await logIn(helper.userName, PASSWORD), viewport, '/admin/withdrawals');
      await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
      const nav = await navigation(page);
      await nav.getByRole('link', { name: 'Support' }).waitFor();
      const names = await nav.getByRole('link').allTextContents();
      expect(names.map((name) => name.replace(/\d+$/, '').trim())).toEqual([
        'Users',
        'Transactions',
        'Withdrawals',
        'Support',
        'Approvals',
        'Bitcoin payouts',
        'API keys',
      ]);
      const row = userRow(page, customer.fullName);
      await row.getByText('Finance decides').waitFor();
      expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      const refused = await api.fetch('/api/admin/site', {
        method: 'PUT',
        headers: { authorization: `Bearer ${helper.token}` },
        data: {},
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).message).toMatch(/^Your staff roles do not allow this/);
      await snapshot(page, `support-console-${viewportName}`);
      await expectAccessible(page, '/admin/withdrawals as support');
      // The next width starts from the owner alone again.
      await call('PUT', `/api/admin/staff/${helper.id}/roles`, owner.token, { roles: [] });
    });
  });
}
