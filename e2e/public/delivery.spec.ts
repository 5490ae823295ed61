import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { CONSOLE, coldPage, landingShown, OVERVIEW, signIn, signUp, visit } from '../support/first-visits.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';
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
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
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
