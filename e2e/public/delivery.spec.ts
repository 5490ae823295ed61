import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  CONSOLE,
  coldPage,
  FIRST_VISIT,
  landingShown,
  OVERVIEW,
  signIn,
  signUp,
  visit,
} from '../support/first-visits.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { measurePageSpeed, SLOW_PHONE, SPEED_PAGES, SPEED_TARGETS } from '../support/page-speed.ts';
import { listScripts, type ScriptTransfer } from '../support/scripts-on-the-wire.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser.close();
});

const openLanding = (page: Page) => visit(page, '/', landingShown);

/** Expects the scripts within `kilobytes`; a failure names each script and what it cost. */
function expectWithin(transfer: ScriptTransfer, kilobytes: number) {
  expect(transfer.bytes, `${transfer.fromNetwork} scripts: ${listScripts(transfer)}`).toBeLessThanOrEqual(
    kilobytes * 1024,
  );
}

describe('the landing page as a browser downloads it', () => {
  it('costs at most 120 KB of JavaScript, Brotli-compressed and cached for good, and nothing the second time', async () => {
    context = await browser.newContext({ ...FIRST_VISIT, viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    const page = await context.newPage();
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (/^\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
    });

    const first = await openLanding(page);
    expect(first.fromNetwork).toBeGreaterThan(0);
    expectWithin(first, 120);
    expect(assets.length).toBeGreaterThan(first.fromNetwork);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['content-encoding'], asset.url()).toBe('br');
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
    }

    const again = await openLanding(await context.newPage());
    expect(again).toEqual({ bytes: 0, fromNetwork: 0, encodings: [], files: [] });
  });

  it('answers HEAD on pages, as uptime monitors ask', async () => {
    context = await browser.newContext({ baseURL: baseUrl });
    for (const path of ['/', '/signin', '/user/overview']) {
      const response = await context.request.head(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
    }
  });
});

describe('the signed-in areas as a browser first downloads them', () => {
  it('cost at most 220 KB of JavaScript to sign in and land on the overview', async () => {
    const person = await signUp(baseUrl);
    const page = await coldPage(browser, baseUrl);
    context = page.context();
    expectWithin(await signIn(page, person, OVERVIEW), 220);
  });

  it("cost at most 220 KB of JavaScript to sign in as the administrator and land on the console's first page", async () => {
    const page = await coldPage(browser, baseUrl);
    context = page.context();
    const credentials = { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password };
    expectWithin(await signIn(page, credentials, CONSOLE), 220);
  });
});

describe('the public pages, prerendered', () => {
  it('come as HTML with their content, which the app then adopts without a hydration error', async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    for (const { path, heading } of SPEED_PAGES) {
      const html = await (await context.request.get(path)).text();
      expect(html, path).toMatch(heading);
    }
    expect(await (await context.request.get('/signup')).text()).toContain('<div id="root"></div>');

    for (const path of ['/', '/policy', '/terms', '/signin', '/login']) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(path);
      // React marks each element it has adopted; a mismatch would be reported as an error.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
          ),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      expect(errors, path).toEqual([]);
      await page.close();
    }
  });

  describe(`on a slow phone (${SLOW_PHONE.latencyMs} ms, ${(SLOW_PHONE.bytesPerSecond * 8) / 1e6} Mbit/s, CPU ${SLOW_PHONE.cpuSlowdown}× slower, cold cache, median of 3)`, () => {
    for (const page of SPEED_PAGES) {
      it(`${page.label}: paints in time, without blocking or moving`, { timeout: 180_000 }, async () => {
        const speed = await measurePageSpeed(browser, baseUrl, page);
        const figures = JSON.stringify(speed);
        if (page.path !== '/policy') {
          expect(speed.largestContentfulPaint, figures).toBeLessThanOrEqual(
            SPEED_TARGETS.largestContentfulPaint,
          );
        }
        expect(speed.totalBlockingTime, figures).toBeLessThanOrEqual(SPEED_TARGETS.totalBlockingTime);
        expect(speed.cumulativeLayoutShift, figures).toBeLessThanOrEqual(SPEED_TARGETS.cumulativeLayoutShift);
      });
    }
  });
});
