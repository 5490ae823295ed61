import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';

const baseUrl = inject('baseUrl');
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openContext(viewport: { width: number; height: number }) {
  await context?.close();
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // A refused request logs its status; everything else the console says is a defect.
    const isRefusal = message.text().startsWith('Failed to load resource');
    if (['error', 'warning'].includes(message.type()) && !isRefusal) pageErrors.push(message.text());
  });
}

afterEach(() => {
  expect(pageErrors).toEqual([]);
});

interface Person {
  id: string;
  token: string;
  fullName: string;
  userName: string;
  email: string;
}

async function api<T = { message: string }>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { token, data }: { token?: string; data?: object } = {},
): Promise<{ status: number; body: T }> {
  const response = await request.fetch(`${baseUrl}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data,
  });
  return { status: response.status(), body: (await response.json()) as T };
}

async function logIn(request: APIRequestContext, userNameOrEmail: string, password: string) {
  const { status, body } = await api<{ token: string; data: { _id: string } }>(
    request,
    'POST',
    '/api/user/login',
    {
      data: { userNameOrEmail, password },
    },
  );
  expect(status).toBe(200);
  return body;
}

/** A new user with a name no other test shares, signed in through the API. */
async function newPerson(request: APIRequestContext, firstName: string): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const person = {
    fullName: `${firstName} Tester${tag}`,
    userName: `${firstName.toLowerCase()}${tag}`,
    email: `${firstName.toLowerCase()}${tag}@example.com`,
    password: 'Secret#Pass1',
  };
  const signup = await api(request, 'POST', '/api/user/signup', {
    data: { ...person, confirmPassword: person.password },
  });
  expect(signup.status).toBe(201);
  const confirmed = await api(request, 'POST', '/api/user/confirmEmail', {
    data: { token: await confirmationTokenFromOutbox(inject('dataDir'), person.email) },
  });
  expect(confirmed.status).toBe(200);
  const { token, data } = await logIn(request, person.userName, person.password);
  return { id: data._id, token, fullName: person.fullName, userName: person.userName, email: person.email };
}

/** Saves the person's Bitcoin withdrawal address; the suite's server has no cool-off. */
async function saveBitcoinAddress(request: APIRequestContext, person: Person): Promise<void> {
  const saved = await api(request, 'POST', '/api/user/addresses', {
    token: person.token,
    data: { coin: 'btc', address: BTC_ADDRESS, label: 'Test wallet', password: 'Secret#Pass1' },
  });
  expect(saved.status).toBe(201);
}

/** Opens the console as the seeded admin, with the session stored as the sign-in page stores it. */
async function openAdmin(path: string): Promise<string> {
  const { token, data } = await logIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`${baseUrl}/signin`);
  await page.evaluate((session) => localStorage.setItem('root', JSON.stringify(session)), {
    token,
    tradeUser: data,
  });
  await page.goto(`${baseUrl}${path}`);
  return token;
}

async function profileStatus(person: Person): Promise<number> {
  return (await api(page.request, 'GET', `/api/user/userprofile/${person.id}`, { token: person.token }))
    .status;
}

function userRow(person: Person): Locator {
  return page.getByRole('row').filter({ hasText: person.email });
}

async function userAction(person: Person, item: string) {
  await page.getByRole('button', { name: `Actions for ${person.fullName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function deposit(person: Person, amount: number): Promise<string> {
  const { status, body } = await api<{ data: { deposits: { _id: string }[] } }>(
    page.request,
    'POST',
    '/api/user/deposit',
    { token: person.token, data: { mode: 'btc', amount } },
  );
  expect(status).toBe(200);
  const newest = body.data.deposits[0];
  if (!newest) throw new Error('the deposit is missing from the profile');
  return newest._id;
}

const reference = (id: string) => `#${id.slice(-10).toUpperCase()}`;

describe('admin console at desktop width', () => {
  beforeEach(async () => {
    await openContext(VIEWPORTS.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  });

  it("shows the navigation and the admin's name and e-mail, and signs out", async () => {
    await openAdmin('/admin/testing');
    const navigation = page.getByRole('navigation', { name: 'Admin' });
    for (const [label, path] of [
      ['Users', '/admin/testing'],
      ['Transactions', '/admin/adminTrans'],
      ['Withdrawals', '/admin/withdrawals'],
    ]) {
      await expect.poll(() => navigation.getByRole('link', { name: label }).getAttribute('href')).toBe(path);
    }
    await page.goto(`${baseUrl}/admin/allusers`);
    await page.getByRole('columnheader', { name: 'Account balance' }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(E2E_ADMIN.fullName).waitFor();
    await menu.getByText(E2E_ADMIN.email).waitFor();
    await menu.getByRole('menuitem', { name: 'SignOut' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('root'))).toBeNull();
  });

  it('finds a user, credits and debits with reasons, verifies, suspends and is refused the delete', async () => {
    const person = await newPerson(page.request, 'Katherine');
    await newPerson(page.request, 'Dorothy');
    await openAdmin('/admin/testing');

    await page.getByRole('searchbox', { name: 'Search users' }).fill(person.userName.toUpperCase());
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const row = userRow(person);
    await row.getByText('Not Verified').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('$0.00');

    await userAction(person, 'Credit/Debit');
    const dialog = page.getByRole('dialog', { name: 'Credit/Debit' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'All fields must be required' }).waitFor();
    await dialog.getByLabel('Credit', { exact: true }).check();
    await dialog.getByLabel('Amount (USD)').fill('250.50');
    await dialog.getByLabel('Reason', { exact: true }).fill('Welcome bonus');
    await screenshot(page, 'admin-credit-dialog-desktop');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('$250.50');

    await userAction(person, 'Credit/Debit');
    await dialog.getByLabel('Debit', { exact: true }).check();
    await dialog.getByLabel('Amount (USD)').fill('1000');
    await dialog.getByLabel('Reason', { exact: true }).fill('Too much');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Insufficient balance.' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('$250.50');

    await userAction(person, 'Verify User');
    await page.getByText('User verification was successful!').waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();

    await userAction(person, 'Suspend User');
    await row.getByText('Suspended').waitFor();
    await expect.poll(() => profileStatus(person)).toBe(403);

    await userAction(person, 'Delete User');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${person.fullName}` });
    await confirm.getByText('Are you sure you want to delete this user?').waitFor();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await confirm
      .getByRole('alert')
      .filter({ hasText: 'This user still has money on the platform.' })
      .waitFor();
    await screenshot(page, 'admin-delete-refused-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await row.waitFor();

    await userAction(person, 'Unsuspend User');
    await expect.poll(() => row.getByText('Suspended').count()).toBe(0);
    await expect.poll(() => profileStatus(person)).toBe(200);
  });

  it('sorts by a column header and pages through the users', async () => {
    await openAdmin('/admin/testing');
    const header = page.getByRole('columnheader', { name: 'Account balance' });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('nobody-matches-this');
    await page.getByText('No user matches “nobody-matches-this”.').waitFor();
  });

  it('confirms one deposit and declines another with a reason; the list reloads each time', async () => {
    const person = await newPerson(page.request, 'Mary');
    const toConfirm = await deposit(person, 120);
    const toDecline = await deposit(person, 130);
    await openAdmin('/admin/adminTrans');
    await page.getByLabel('Type', { exact: true }).selectOption('deposit');
    const confirmRow = page.getByRole('row').filter({ hasText: reference(toConfirm) });
    const declineRow = page.getByRole('row').filter({ hasText: reference(toDecline) });
    await confirmRow.getByText('pending').waitFor();
    await confirmRow.getByText(person.fullName).waitFor();
    await confirmRow.getByText('No receipt').waitFor();
    await screenshot(page, 'admin-transactions-desktop');

    await confirmRow.getByRole('button', { name: 'Confirm' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('Are you sure you want to confirm this payment?').waitFor();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await question.waitFor({ state: 'detached' });
    await confirmRow.getByText('approved').waitFor();
    await expect.poll(() => confirmRow.getByRole('button').count()).toBe(0);

    await declineRow.getByRole('button', { name: 'Decline' }).click();
    const decline = page.getByRole('dialog', { name: /Decline/ });
    await decline.getByLabel('Reason (optional)').fill('No payment arrived');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await decline.waitFor({ state: 'detached' });
    await declineRow.getByText('rejected').waitFor();

    const profile = await api<{ data: { accountBalance: number } }>(
      page.request,
      'GET',
      `/api/user/userprofile/${person.id}`,
      { token: person.token },
    );
    expect(profile.body.data.accountBalance).toBe(120);
    const history = await api<{ data: { _id: string; reason: string | null }[] }>(
      page.request,
      'GET',
      '/api/user/transactions',
      { token: person.token },
    );
    expect(history.body.data.find((item) => item._id === toDecline)?.reason).toBe('No payment arrived');

    // Both rows are on screen before the filter applies: wait for the refetched list, not a row.
    await page.getByLabel('Status', { exact: true }).selectOption('approved');
    await expect.poll(() => declineRow.count()).toBe(0);
    await confirmRow.getByText('approved').waitFor();
  });

  it('approves a withdrawal with its payout hash after copying the address', async () => {
    const person = await newPerson(page.request, 'Annie');
    const adminToken = await openAdmin('/admin/withdrawals');
    expect(
      (await api(page.request, 'PUT', `/api/admin/verifyUser/${person.id}`, { token: adminToken })).status,
    ).toBe(200);
    const credit = await api(page.request, 'PUT', `/api/admin/creditOrDebit/${person.id}`, {
      token: adminToken,
      data: { mode: 'credit', amount: 100, reason: 'funding' },
    });
    expect(credit.status).toBe(200);
    await saveBitcoinAddress(page.request, person);
    const withdrawal = await api<{ data: { _id: string } }>(page.request, 'POST', '/api/user/withdraw', {
      token: person.token,
      data: { amount: 40, method: 'btc', address: BTC_ADDRESS },
    });
    expect(withdrawal.status).toBe(201);
    await page.reload();

    const row = page.getByRole('row').filter({ hasText: person.fullName });
    await row.getByText('$40.00').waitFor();
    await row.getByRole('button', { name: `Copy address ${BTC_ADDRESS}` }).click();
    await page.getByText('Address copied to clipboard!').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(BTC_ADDRESS);
    await screenshot(page, 'admin-withdrawals-desktop');

    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('alertdialog');
    await approve
      .getByLabel('Payout transaction hash (optional)')
      .fill('f4184fc596403b9d638783cf57adfe4c75c605f6');
    await approve.getByRole('button', { name: 'Confirm' }).click();
    await approve.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    const mine = await api<{ data: { _id: string; status: string; payoutTxHash: string | null }[] }>(
      page.request,
      'GET',
      '/api/user/withdrawals',
      { token: person.token },
    );
    expect(mine.body.data.find((item) => item._id === withdrawal.body.data._id)).toMatchObject({
      status: 'approved',
      payoutTxHash: 'f4184fc596403b9d638783cf57adfe4c75c605f6',
    });
  });

  it('declines a withdrawal only with a reason, and the money returns to the user', async () => {
    const person = await newPerson(page.request, 'Hedy');
    const adminToken = await openAdmin('/admin/withdrawals');
    await api(page.request, 'PUT', `/api/admin/verifyUser/${person.id}`, { token: adminToken });
    await api(page.request, 'PUT', `/api/admin/creditOrDebit/${person.id}`, {
      token: adminToken,
      data: { mode: 'credit', amount: 70, reason: 'funding' },
    });
    await saveBitcoinAddress(page.request, person);
    await api(page.request, 'POST', '/api/user/withdraw', {
      token: person.token,
      data: { amount: 70, method: 'btc', address: BTC_ADDRESS },
    });
    await page.reload();

    const row = page.getByRole('row').filter({ hasText: person.fullName });
    await row.getByRole('button', { name: 'Decline' }).click();
    const decline = page.getByRole('dialog', { name: /Decline/ });
    await decline.getByRole('button', { name: 'Decline' }).click();
    await decline.getByRole('alert').filter({ hasText: 'Please give the reason for declining.' }).waitFor();
    await decline.getByLabel('Reason', { exact: true }).fill('Address belongs to a sanctioned service');
    await decline.getByRole('button', { name: 'Decline' }).click();
    // While a dialog is open the page behind it is hidden from the accessibility tree, rows included.
    await decline.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const profile = await api<{ data: { accountBalance: number } }>(
      page.request,
      'GET',
      `/api/user/userprofile/${person.id}`,
      { token: person.token },
    );
    expect(profile.body.data.accountBalance).toBe(70);
  });
});

describe('admin console at phone width', () => {
  beforeEach(async () => {
    await openContext(VIEWPORTS.phone);
  });

  it('fits every page to the screen, each row a card', async () => {
    const person = await newPerson(page.request, 'Radia');
    const adminToken = await openAdmin('/admin/testing');
    await deposit(person, 150);
    await api(page.request, 'PUT', `/api/admin/verifyUser/${person.id}`, { token: adminToken });
    await api(page.request, 'PUT', `/api/admin/creditOrDebit/${person.id}`, {
      token: adminToken,
      data: { mode: 'credit', amount: 90, reason: 'funding' },
    });
    await saveBitcoinAddress(page.request, person);
    const withdrawal = await api(page.request, 'POST', '/api/user/withdraw', {
      token: person.token,
      data: { amount: 60, method: 'btc', address: BTC_ADDRESS },
    });
    expect(withdrawal.status).toBe(201);
    for (const [path, heading, name] of [
      ['/admin/testing', 'Users', 'users'],
      ['/admin/adminTrans', 'Transactions', 'transactions'],
      ['/admin/withdrawals', 'Withdrawals', 'withdrawals'],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('table').or(page.getByRole('alert')).first().waitFor();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await screenshot(page, `admin-${name}-phone`);
    }
    await page.goto(`${baseUrl}/admin/testing`);
    await page
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Credit/Debit' }).click();
    await page.getByRole('dialog', { name: 'Credit/Debit' }).waitFor();
    await screenshot(page, 'admin-credit-dialog-phone');
  });
});
