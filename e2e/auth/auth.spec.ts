import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function newPerson() {
  const tag = randomBytes(3).toString('hex');
  return {
    fullName: 'Grace Hopper',
    email: `grace${tag}@example.com`,
    userName: `grace${tag}`,
    password: 'Cobol#1959',
  };
}

async function fillSignup(person: ReturnType<typeof newPerson>, confirm = person.password) {
  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.userName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirm);
}

async function signIn(identifier: string, password: string) {
  await page.getByLabel('Email or UserName').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Account Login' }).click();
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`sign-up and sign-in at ${viewportName} width`, () => {
    beforeEach(async () => {
      await context?.close();
      context = await browser.newContext({ viewport });
      page = await context.newPage();
    });

    it('shows each sign-up rule in the page, in order, before anything is sent', async () => {
      await page.goto(`${baseUrl}/signup`);
      const person = newPerson();
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain('All fields are required.');

      await fillSignup({ ...person, fullName: 'Grace' });
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain('Full name must contain both a first name and a last name separated by a space.');

      await fillSignup(person, 'Different#1');
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain('Passwords do not match.');

      await fillSignup({ ...person, password: 'nouppercase#1' }, 'nouppercase#1');
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain('Password must include uppercase, lowercase, and special characters.');

      await fillSignup(person);
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toContain('Please accept the Privacy Policy.');
      expect(page.url()).toBe(`${baseUrl}/signup`);
    });

    it('signs up, reviews, signs in, reaches the overview and logs out', async () => {
      const person = newPerson();
      await page.goto(`${baseUrl}/signup`);
      await fillSignup(person);
      await page.getByLabel('Show password', { exact: true }).click();
      await expect.poll(() => page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();

      await page.waitForURL(`${baseUrl}/review`);
      await page.getByText('Your Account is Activated but Under Review').waitFor();
      await screenshot(page, `review-${viewportName}`);
      await page.getByRole('link', { name: /back to login/i }).click();
      await page.waitForURL(`${baseUrl}/signin`);

      await signIn(person.userName, person.password);
      await page.getByRole('button', { name: 'Logging in...' }).waitFor();
      await page.waitForURL(`${baseUrl}/user/overview`, { timeout: 15_000 });
      await page.getByText(person.fullName).first().waitFor();
      await page.getByText('Your account is under review').waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}'));
      expect(stored.tradeUser.userName).toBe(person.userName);
      expect(typeof stored.token).toBe('string');
      await screenshot(page, `overview-${viewportName}`);

      // A user who opens the admin area is sent back to their own.
      await page.goto(`${baseUrl}/admin/testing`);
      await page.waitForURL(`${baseUrl}/user/overview`);

      const token = stored.token as string;
      await logOut();
      await page.waitForURL(`${baseUrl}/signin`);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('root'))).toBeNull();
      const afterLogout = await page.request.get(`${baseUrl}/api/user/userprofile/${stored.tradeUser._id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(afterLogout.status()).toBe(401);

      await page.goto(`${baseUrl}/user/overview`);
      await page.waitForURL(`${baseUrl}/signin`);
    });

    it('refuses a wrong password with the server message and stays put', async () => {
      await page.goto(`${baseUrl}/signin`);
      await signIn(E2E_ADMIN.email, 'Wrong#Password1');
      await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
      expect(page.url()).toBe(`${baseUrl}/signin`);
      await page.getByRole('button', { name: 'Account Login' }).waitFor();
    });

    it('takes the seeded admin to the admin area', async () => {
      await page.goto(`${baseUrl}/login`);
      await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL(`${baseUrl}/admin/testing`, { timeout: 15_000 });
      for (const column of ['Name', 'UserName', 'Account balance', 'Verify', 'Date Registered', 'Action']) {
        await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      }
      await screenshot(page, `admin-users-${viewportName}`);
    });

    it('sends a visitor without a session to the sign-in pages', async () => {
      await page.goto(`${baseUrl}/user/overview`);
      await page.waitForURL(`${baseUrl}/signin`);
      await page.goto(`${baseUrl}/admin/testing`);
      await page.waitForURL(`${baseUrl}/login`);
    });
  });
}

async function logOut() {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
}
