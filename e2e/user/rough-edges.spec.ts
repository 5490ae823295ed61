import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from '../support/browser.ts';
import {
  adminLogIn,
  adminToken,
  api,
  callApi,
  createGateway,
  fundAccount,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');
let user: SignedInUser;
beforeAll(async () => {
  user = await signUpUser(api);
  await fundAccount(api, adminToken, user, 200);
});

describe('what a new person tripped over', () => {
  it('keeps the history filter and page in the address, through a reload and Back', async () => {
    await openFreshPage(VIEWPORTS.desktop);
    await openSignedIn(page, user, '/user/history');
    await page.getByRole('button', { name: 'Deposits' }).click();
    await page.waitForURL(`${baseUrl}/user/history?type=deposit`);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Deposits' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/user/history`);
    await expect
      .poll(() => page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'))
      .toBe('true');
  });

  it('says why on /signin when the server ended the session', async () => {
    await openFreshPage(VIEWPORTS.phone);
    const session = await signUpUser(api);
    await openSignedIn(page, session, '/user/overview');
    await page.getByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }).waitFor();
    // Signed out elsewhere: the token this tab holds is revoked on the server.
    await callApi(api, 'POST', '/api/user/logout', session.token);
    await page.goto('/user/history');
    await page.waitForURL(`${baseUrl}/signin`);
    await page.getByRole('status').filter({ hasText: 'You were signed out' }).waitFor();
    // Said once: a later visit of the page is a plain sign-in.
    await page.reload();
    await page.getByRole('button', { name: 'Account Login' }).waitFor();
    await expect.poll(() => page.getByText('You were signed out').count()).toBe(0);
  });

  it('copies a gateway address in the console where the Clipboard API is missing (plain http)', async () => {
    const address = `0x${randomBytes(20).toString('hex')}`;
    await createGateway(api, adminToken, 'eth', address);
    await openFreshPage(VIEWPORTS.desktop);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await openSignedIn(page, await adminLogIn(api), '/admin/gateway');
    const card = page.getByRole('listitem').filter({ hasText: address });
    await card.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Address copied to clipboard!').first().waitFor();
    expect(problems).toEqual([]);
  });
});
