import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser.close();
});

async function openPage(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  context = await browser.newContext({ viewport, baseURL: baseUrl });
  page = await context.newPage();
  await page.goto(path);
}

describe('privacy policy', () => {
  it('shows the eight sections of the specification, the effective date and the minimum age', async () => {
    await openPage('/policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('Effective date: 21-07-2023').waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    const policyHeadings = headings.filter((text) => /^\d\./.test(text));
    expect(policyHeadings).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. How we share your information',
      '4. Data security',
      '5. Your choices',
      '6. Children',
      '7. Changes to this policy',
      '8. Contact us',
    ]);
    await page.getByText('not meant for anyone under 18').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'support@vestora.local' }).waitFor();
  });
});

describe('sign-up, review and sign-in details', () => {
  it('toggles both password fields, requires the privacy checkbox and shows the registration message on /review', async () => {
    await openPage('/signup');
    const tag = randomBytes(3).toString('hex');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`ada${tag}@example.com`);
    await page.getByLabel('Username').fill(`ada${tag}`);
    await page.getByLabel('Password', { exact: true }).fill('Engine#1843');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Engine#1843');
    for (const [field, toggle] of [
      ['Password', 'Show password'],
      ['Confirm Password', 'Show confirm password'],
    ] as const) {
      await page.getByRole('button', { name: toggle, exact: true }).click();
      await expect.poll(() => page.getByLabel(field, { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: toggle.replace('Show', 'Hide'), exact: true }).click();
      await expect.poll(() => page.getByLabel(field, { exact: true }).getAttribute('type')).toBe('password');
    }

    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please accept the Privacy Policy.' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/signup`);

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await page.waitForURL(`${baseUrl}/review`);
    await page
      .getByRole('status')
      .filter({
        hasText: 'Your account has been registered successfully. Please check your email for verification.',
      })
      .waitFor();
    const card = page.getByRole('main');
    await card.getByRole('heading', { name: 'Your Account is Activated but Under Review' }).waitFor();
    await card.getByRole('link', { name: 'support@vestora.local' }).waitFor();
    await expect.poll(() => card.textContent()).toMatch(/chat with our team/);

    // "Remember me" asks the server for the long session.
    await card.getByRole('link', { name: 'Back to login' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await page.getByLabel('Email or UserName').fill(`ada${tag}`);
    await page.getByLabel('Password', { exact: true }).fill('Engine#1843');
    await page.getByLabel('Remember me').check();
    const [login] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/user/login')),
      page.getByRole('button', { name: 'Account Login' }).click(),
    ]);
    expect(login.postDataJSON()).toMatchObject({ userNameOrEmail: `ada${tag}`, rememberMe: true });
    await page.waitForURL(`${baseUrl}/user/overview`, { timeout: 15_000 });
  });
});

/**
 * Waits until the app has adopted the page: a prerendered page shows before its script runs, and
 * its controls come alive (the sign-in buttons are enabled, a colour change) only then. Scanned in
 * between, the scan would judge a page that is changing under it.
 */
async function waitUntilAdopted(page: Page, path: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
      ),
    )
    .toBe(true);
  if (path === '/signin') {
    await expect.poll(() => page.getByRole('button', { name: 'Account Login' }).isEnabled()).toBe(true);
  }
}

describe('accessibility', () => {
  const pages = [
    ['/', 'Risk, looked at from every side'],
    ['/signin', 'Welcome back'],
    ['/signup', 'Create your account'],
    ['/policy', '8. Contact us'],
    ['/terms', '8. Changes and contact'],
    ['/review', 'Your Account is Activated but Under Review'],
    ['/forgetpass', 'Forgot your password?'],
    ['/resetpass?token=abc', 'Choose a new password'],
  ] as const;

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious or critical violations on the public pages at ${viewportName} width`, async () => {
      context = await browser.newContext({ viewport, baseURL: baseUrl });
      page = await context.newPage();
      for (const [path, heading] of pages) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        await waitUntilAdopted(page, path);
        await expectAccessible(page, `${path} at ${viewportName} width`);
      }
      await page.goto('/policy');
      await page.getByText('Effective date: ').waitFor();
      await screenshot(page, `policy-${viewportName}`);
    });
  }
});
