import { rm } from 'node:fs/promises';
import type { PushMessage } from '@vestora/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import { OVERVIEW, shows, signIn, signUp } from '../support/first-visits.ts';
import { freshDataDir, type RunningServer, startServer, stopServer } from '../support/server.ts';

/*
 * Vestora as an app on a phone: the manifest and icons a browser installs it from, and the service
 * worker (apps/web/src/service-worker) that keeps the app's files and shows an offline page, never a
 * stored API answer. The server is this file's own, because the last test stops it.
 */

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: server.baseUrl });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The width and height of the image at `src`, as the page decodes it. */
function imageSize(src: string): Promise<[number, number]> {
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight] as [number, number];
  }, src);
}

/** Every request URL in every cache of the page's origin. */
function cachedUrls(): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      urls.push(...requests.map((request) => request.url));
    }
    return urls;
  });
}

describe('Vestora installed on a phone', () => {
  it('links a manifest that Chromium reads without error, with icons at their stated sizes', async () => {
    await page.goto('/');
    await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe('#0f766e');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await context.request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Vestora',
      short_name: 'Vestora',
      start_url: '/user/overview',
      scope: '/',
      display: 'standalone',
    });
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.errors).toEqual([]);

    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const [width, height] = await imageSize(icon.src);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    await expect(imageSize(appleIcon ?? '')).resolves.toEqual([180, 180]);
  });

  it('registers a service worker for the whole site, which takes control of the open page and makes it installable', async () => {
    const worker = await context.request.get('/sw.js');
    // A worker script must have a JavaScript MIME type; the static files' library still names .js
    // files by the older application/javascript, which browsers take as the same.
    expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return { scope: registration.scope, state: registration.active?.state };
        }),
      )
      .toEqual({ scope: `${server.baseUrl}/`, state: 'activated' });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Chromium's own verdict on installing the page. A test's browser context is off the record, which
    // alone keeps the install prompt away.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  it('shows a pushed message as a notification, carrying the page it opens', async () => {
    await context.grantPermissions(['notifications']);
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      registrations.push(...event.registrations.map((registration) => registration.registrationId));
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const message: PushMessage = {
      title: 'Deposit credited',
      body: '100.00 USDT is in your balance.',
      url: '/user/history',
      tag: 'deposit-1',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: registrations[0] ?? '',
      data: JSON.stringify(message),
    });

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map(({ title, body, tag, icon, badge, data }) => ({
            title,
            body,
            tag,
            icon,
            badge,
            data,
          }));
        }),
      )
      .toEqual([
        {
          title: message.title,
          body: message.body,
          tag: message.tag,
          icon: `${server.baseUrl}/icons/icon-192.png`,
          badge: `${server.baseUrl}/icons/badge-96.png`,
          data: { url: message.url },
        },
      ]);
  });

  it("keeps the app's files and the offline page, and no API answer, after a person signs in", async () => {
    const person = await signUp(server.baseUrl);
    await signIn(page, person, OVERVIEW);
    for (const [path, heading] of [
      ['/user/history', 'History'],
      ['/user/notifications', 'Notifications'],
    ] as const) {
      const apiAnswered = page.waitForResponse((response) =>
        new URL(response.url()).pathname.startsWith('/api/'),
      );
      await page.goto(path);
      await apiAnswered;
      await shows(page, heading);
    }

    await expect.poll(cachedUrls).toContainEqual(expect.stringMatching(/\/assets\/.+\.js$/));
    const urls = await cachedUrls();
    expect(urls).toContain(`${server.baseUrl}/offline.html`);
    expect(urls.filter((url) => url.includes('/api/'))).toEqual([]);
  });

  it('shows the offline page when the server cannot be reached, and the app again once it can', async () => {
    await stopServer(server);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    await page.getByText('Vestora needs a connection to show your balances.').waitFor();

    server = await startServer({ dataDir, port: Number(new URL(server.baseUrl).port) });
    await page.getByRole('button', { name: 'Try again' }).click();
    await shows(page, 'Notifications');
  });
});
