import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS } from './browser.ts';
import { type ScriptTransfer, watchScripts } from './scripts-on-the-wire.ts';

/*
 * The visits whose JavaScript the benchmark (bench/wire-bytes.ts) and the delivery test measure: the
 * landing page, and signing in to the user area or the admin console, each from a cold cache.
 */

/** Where a sign-in lands, and the heading that says the page is there. */
export interface Landing {
  path: string;
  heading: string | RegExp;
}

export const OVERVIEW: Landing = { path: '/user/overview', heading: /^Hello, / };
export const CONSOLE: Landing = { path: '/admin/testing', heading: 'Users' };

/**
 * The landing page is prerendered: its first slide shows before any script. It is all there once the
 * app has adopted its last part, the footer, which then shows the site's support address.
 */
export const landingShown = (page: Page) => page.locator('footer address').waitFor();

export const shows = (page: Page, heading: string | RegExp) =>
  page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });

/** Opens `path` in a page and returns what its scripts cost once `ready` holds and the network is quiet. */
export async function visit(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<ScriptTransfer> {
  const scripts = await watchScripts(page);
  await page.goto(path);
  await ready(page);
  return scripts.settled();
}

/**
 * What a first visit's context leaves out: the service worker, which registers once the page has
 * loaded and then fetches the page's later scripts itself, out of sight of the page's own network
 * log; they cross the network all the same.
 */
export const FIRST_VISIT = { serviceWorkers: 'block' } as const;

/** A fresh browser context (its own, empty cache) with one page. */
export async function coldPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ ...FIRST_VISIT, viewport: VIEWPORTS.desktop, baseURL: baseUrl });
  return context.newPage();
}

/** Signs up a new user through the API; the user area's visit signs in as them. */
export async function signUp(baseUrl: string): Promise<{ identifier: string; password: string }> {
  const tag = randomBytes(4).toString('hex');
  const person = { fullName: 'Wire Bytes', userName: `wire${tag}`, email: `wire${tag}@example.com` };
  const password = 'Wire#Bytes1';
  const response = await fetch(`${baseUrl}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password, confirmPassword: password }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return { identifier: person.userName, password };
}

/**
 * Opens the sign-in page in `page`, signs in and waits for the page the sign-in lands on: what this
 * costs is an area's first visit.
 */
export function signIn(
  page: Page,
  credentials: { identifier: string; password: string },
  lands: Landing,
): Promise<ScriptTransfer> {
  return visit(page, '/signin', async () => {
    await page.getByLabel('Email or UserName').fill(credentials.identifier);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Account Login' }).click();
    await page.waitForURL(`**${lands.path}`, { timeout: 30_000 });
    await shows(page, lands.heading);
  });
}
