import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';

export interface ConsoleTab {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors or warnings the page produced; a clean run leaves none. */
  problems: string[];
}

/** A fresh browser context at `viewport`, whose page records what goes wrong in it. */
export async function openTab(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<ConsoleTab> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // A refused request (a 409 the page then explains) logs its status; anything else is a defect.
    const isRefusal = message.text().startsWith('Failed to load resource');
    if (['error', 'warning'].includes(message.type()) && !isRefusal) problems.push(message.text());
  });
  return { context, page, problems };
}

/** Signs the seeded administrator in through the sign-in page, as an operator would. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or UserName').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Account Login' }).click();
  // The specification waits 3 s after a successful sign-in before moving on.
  await page.waitForURL('**/admin/testing', { timeout: 15_000 });
}

/** Tailwind's `lg`: below it the console's navigation is a Menu button. */
const LARGE_BREAKPOINT_PX = 1024;

/**
 * Follows an entry of the console's navigation and waits for the page's heading. Below the large
 * breakpoint the entries sit behind the navigation's Menu button, which is opened first.
 */
export async function openSection(page: Page, label: string, heading = label): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Admin' });
  if ((page.viewportSize()?.width ?? 0) < LARGE_BREAKPOINT_PX) {
    const menu = navigation.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
  }
  await navigation.getByRole('link', { name: label }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

export async function expectBalancedLedger(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Ledger balanced' }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: 'out of balance' }).count()).toBe(0);
}

/**
 * A full-page screenshot taken from the top, so the sticky header sits where it belongs, of a page
 * that fits its width: nothing may push the layout sideways, at phone width least of all.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is wider than the screen`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await screenshot(page, name);
}

/** A name no other run shares, so tests on the one server never collide. */
export function uniqueTag(): string {
  return randomBytes(3).toString('hex').toUpperCase();
}
