import { randomBytes } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  request,
} from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';

/*
 * What every spec of this folder drives: one browser and one API client per file, the seeded admin's
 * token when the file asks for it, and a page in a fresh context per test. They are live bindings: a
 * spec imports `page`, `api` or `adminToken` and reads them as its own, while only the functions below
 * set them (each spec file runs in its own module graph, so files never share them).
 */
let browser: Browser;
export let api: APIRequestContext;
export let adminToken: string;
let context: BrowserContext | undefined;
export let page: Page;

/**
 * Opens the browser and the API client before the file's tests and closes them, with the last
 * context, after them. Call it at the top of a spec, before the spec's own `beforeAll`, which then
 * runs after this one and can use `api` and `adminToken`.
 */
export function setUpUserSuite({ asAdmin }: { asAdmin: boolean }): void {
  beforeAll(async () => {
    browser = await launchBrowser();
    api = await request.newContext({ baseURL: inject('baseUrl') });
    if (asAdmin) adminToken = (await adminLogIn(api)).token;
  });
  afterAll(async () => {
    await context?.close();
    await api.dispose();
    await browser.close();
  });
}

/** Closes the previous test's context and opens `page` in a new one, as a new visitor at this size. */
export async function openFreshPage(
  viewport: { width: number; height: number },
  options: Pick<BrowserContextOptions, 'permissions' | 'serviceWorkers'> = {},
): Promise<void> {
  await context?.close();
  context = await browser.newContext({ viewport, baseURL: inject('baseUrl'), ...options });
  page = await context.newPage();
}

/** A 1×1 PNG: the server decides a proof's type by its bytes, so it must be a real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export interface SignedInUser {
  token: string;
  user: { _id: string; fullName: string; userName: string };
}

type Body = {
  data?: unknown;
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
};

/** One API call with a bearer token; fails the test with the server's answer when it is not 2xx. */
export async function callApi<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string | null,
  body: Body = {},
): Promise<T> {
  const response = await api.fetch(path, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...body,
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${path} → ${response.status()} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

export async function logInApi(api: APIRequestContext, userNameOrEmail: string, password: string) {
  return callApi<SignedInUser & { data: SignedInUser['user'] }>(api, 'POST', '/api/user/login', null, {
    data: { userNameOrEmail, password },
  }).then(({ token, data }) => ({ token, user: data }));
}

/** The password every person made by `signUpUser` starts with. */
export const USER_PASSWORD = 'Engine#1843';

/**
 * A new person signed up through the API, their address confirmed from the link in the outbox of the
 * server under `outboxOf` (the shared server's by default), and signed in; unverified, as every new
 * account is. `isEmailConfirmed: false` leaves the link unopened.
 */
export async function signUpUser(
  api: APIRequestContext,
  fullName = 'Ada Lovelace',
  {
    outboxOf = inject('dataDir'),
    isEmailConfirmed = true,
  }: { outboxOf?: string; isEmailConfirmed?: boolean } = {},
): Promise<SignedInUser & { email: string }> {
  const tag = randomBytes(4).toString('hex');
  const person = { fullName, userName: `ada${tag}`, email: `ada${tag}@example.com`, password: USER_PASSWORD };
  await callApi(api, 'POST', '/api/user/signup', null, {
    data: { ...person, confirmPassword: person.password },
  });
  if (isEmailConfirmed) {
    const token = await confirmationTokenFromOutbox(outboxOf, person.email);
    await callApi(api, 'POST', '/api/user/confirmEmail', null, { data: { token } });
  }
  return { ...(await logInApi(api, person.userName, person.password)), email: person.email };
}

export function adminLogIn(api: APIRequestContext) {
  return logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
}

/** Puts the session where the app keeps it (local storage, key `root`), as a sign-in would. */
export async function openSignedIn(page: Page, session: SignedInUser, path: string): Promise<void> {
  await page.goto('/policy');
  const profile = await page.request.get(`/api/user/userprofile/${session.user._id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const { data: tradeUser } = (await profile.json()) as { data: unknown };
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: session.token,
    tradeUser,
  });
  await page.goto(path);
}

/** Approves the user's newest pending deposit as the seeded admin. */
export async function approveNewestDeposit(api: APIRequestContext, adminToken: string, userId: string) {
  const { data } = await callApi<{ data: { _id: string; userId: string }[] }>(
    api,
    'GET',
    '/api/admin/allTransactions?type=deposit&status=pending&pageSize=200',
    adminToken,
  );
  const deposit = data.find((row) => row.userId === userId);
  expect(deposit, 'the user has a pending deposit').toBeDefined();
  await callApi(api, 'PUT', `/api/admin/approveDeposit/${deposit?._id}`, adminToken);
}

/**
 * Saves a withdrawal address through the API, as its owner would on the Withdrawal page. The suite's
 * server has no cool-off, so it is usable at once; the cool-off has a spec with a server of its own.
 */
export async function saveWithdrawalAddress(
  api: APIRequestContext,
  user: SignedInUser,
  { coin, address, label = 'My wallet' }: { coin: 'btc' | 'eth' | 'usdt'; address: string; label?: string },
): Promise<{ _id: string }> {
  const { data } = await callApi<{ data: { _id: string } }>(api, 'POST', '/api/user/addresses', user.token, {
    data: { coin, address, label, password: USER_PASSWORD },
  });
  return data;
}

/** A deposit straight through the API, approved at once: the quickest way to give someone a balance. */
export async function fundAccount(
  api: APIRequestContext,
  adminToken: string,
  user: SignedInUser,
  amount: number,
) {
  await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'btc', amount } });
  await approveNewestDeposit(api, adminToken, user.user._id);
}

export interface ServedGateway {
  add: string;
  image: string | null;
}

/**
 * Adds a wallet for `type` as the admin (QR image included) and returns the one the app serves
 * for that coin, which is what a depositor must see.
 */
export async function createGateway(
  api: APIRequestContext,
  adminToken: string,
  type: 'btc' | 'eth' | 'usdt',
  address: string,
): Promise<ServedGateway> {
  await callApi(api, 'POST', '/api/admin/postWay', adminToken, {
    multipart: {
      add: address,
      type,
      image: {
        name: 'qr.png',
        mimeType: 'image/png',
        buffer: await QRCode.toBuffer(address, { type: 'png' }),
      },
    },
  });
  const { data } = await callApi<{ data: ServedGateway[] }>(
    api,
    'GET',
    `/api/user/getPostByName/${type}`,
    adminToken,
  );
  const [served] = data;
  expect(served?.add, `a ${type} gateway is served`).toBeTruthy();
  return served as ServedGateway;
}

/** Opens a page of the account menu the way the person would at this width. */
export async function openMenuEntry(page: Page, viewportName: string, label: string): Promise<void> {
  if (viewportName === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: label }).click();
}

export async function waitForAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Signs in through the sign-in page, as a person would, and waits for the overview. */
export async function signInThroughPage(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email or UserName').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Account Login' }).click();
  await page.waitForURL('**/user/overview', { timeout: 15_000 });
}

/** Opens an entry of the account menu in the top bar. */
export async function openAccountMenuItem(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}
