import { type APIRequestContext, type Browser, type Page, request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { adminLogIn, callApi, signUpUser } from '../user/user-helpers.ts';
import { type ConsoleTab, openSection, openTab, signInAsAdmin } from './console-helpers.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let api: APIRequestContext;
let adminToken: string;
let tab: ConsoleTab;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
  adminToken = (await adminLogIn(api)).token;
});
afterEach(async () => {
  await tab?.context.close();
  expect(tab?.problems).toEqual([]);
});
afterAll(async () => {
  await api.dispose();
  await browser.close();
});

/**
 * The first request to `pattern` reaches the server, which acts on it, but its answer never reaches
 * the page; later ones pass. Returns the Idempotency-Key of every request sent.
 */
async function loseFirstAnswer(page: Page, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route(pattern, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  return keys;
}

async function balanceOf(user: { token: string; user: { _id: string } }): Promise<number> {
  const { data } = await callApi<{ data: { accountBalance: number } }>(
    api,
    'GET',
    `/api/user/userprofile/${user.user._id}`,
    user.token,
  );
  return data.accountBalance;
}

const reference = (id: string) => `#${id.slice(-10).toUpperCase()}`;

describe('a money dialog retried after a lost answer', () => {
  it('credits once: the Credit/Debit dialog sends its retry with the same key', async () => {
    tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    const { page } = tab;
    const person = await signUpUser(api, 'Grace Retry');
    await signInAsAdmin(page);
    const keys = await loseFirstAnswer(page, '**/api/admin/creditOrDebit/*');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(person.user.userName);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: `Actions for ${person.user.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Credit/Debit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit/Debit' });
    await dialog.getByLabel('Credit', { exact: true }).check();
    await dialog.getByLabel('Amount (USD)').fill('40');
    await dialog.getByLabel('Reason', { exact: true }).fill('Goodwill');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Error occurred' }).waitFor();

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(person)).toBe(40);
  });

  it('approves a deposit once: the confirmation retried replays the first approval', async () => {
    tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    const { page } = tab;
    const person = await signUpUser(api, 'Alan Retry');
    const { data } = await callApi<{ data: { deposits: { _id: string }[] } }>(
      api,
      'POST',
      '/api/user/deposit',
      person.token,
      { data: { mode: 'btc', amount: 95 } },
    );
    const depositId = data.deposits[0]?._id ?? '';
    await signInAsAdmin(page);
    const keys = await loseFirstAnswer(page, '**/api/admin/approveDeposit/*');
    await openSection(page, 'Transactions');
    const row = page.getByRole('row').filter({ hasText: reference(depositId) });
    await row.getByRole('button', { name: 'Confirm' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByRole('button', { name: 'Confirm' }).click();
    await question.getByRole('alert').filter({ hasText: 'Error occurred' }).waitFor();

    await question.getByRole('button', { name: 'Confirm' }).click();
    await question.waitFor({ state: 'detached' });
    await row.getByText('approved').waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(person)).toBe(95);
  });

  it('funds the reserve once, and the next opening of the dialog is a new request', async () => {
    tab = await openTab(browser, baseUrl, VIEWPORTS.desktop);
    const { page } = tab;
    const reserveBalance = async () =>
      (await callApi<{ data: { balance: number } }>(api, 'GET', '/api/admin/reserve', adminToken)).data
        .balance;
    const before = await reserveBalance();
    await signInAsAdmin(page);
    const keys = await loseFirstAnswer(page, '**/api/admin/fundReserve');
    await openSection(page, 'Plans');
    const reserve = page.getByRole('region', { name: 'Yield reserve' });
    const dialog = page.getByRole('dialog', { name: 'Fund the reserve' });
    const fund = async (amount: string) => {
      await reserve.getByRole('button', { name: 'Fund reserve' }).click();
      await dialog.getByLabel('Amount (USD)').fill(amount);
      await dialog.getByRole('button', { name: 'Fund reserve' }).click();
    };
    await fund('12.50');
    await dialog.getByRole('alert').filter({ hasText: 'Error occurred' }).waitFor();
    await dialog.getByRole('button', { name: 'Fund reserve' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await reserveBalance()).toBeCloseTo(before + 12.5, 2);

    await fund('12.50');
    await dialog.waitFor({ state: 'detached' });
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await reserveBalance()).toBeCloseTo(before + 25, 2);
  });
});
