import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { watchScripts } from '../support/scripts-on-the-wire.ts';

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

/** Opens the landing page in `page` and returns its script bytes once the network is quiet. */
async function openLanding(page: Page) {
  const scripts = await watchScripts(page);
  await page.goto('/');
  await page.getByRole('group', { name: '1 of 3' }).waitFor();
  return scripts.settled();
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
    expect(first.bytes).toBeLessThanOrEqual(120 * 1024);
    expect(assets.length).toBeGreaterThan(first.fromNetwork);
    for (const asset of assets) {
      const headers = await asset.allHeaders();
      expect(headers['content-encoding'], asset.url()).toBe('br');
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
    }

    const again = await openLanding(await context.newPage());
    expect(again).toEqual({ bytes: 0, fromNetwork: 0, encodings: [] });
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
