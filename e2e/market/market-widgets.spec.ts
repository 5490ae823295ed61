import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let session: { token: string; tradeUser: unknown };

beforeAll(async () => {
  browser = await launchBrowser();
  const tag = randomBytes(3).toString('hex');
  const person = {
    fullName: 'Mary Jackson',
    userName: `mary${tag}`,
    email: `mary${tag}@example.com`,
    password: 'Wind#Tunnel1',
  };
  await fetch(`${baseUrl}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, confirmPassword: person.password }),
  });
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userNameOrEmail: person.userName, password: person.password }),
  });
  const body = await login.json();
  session = { token: body.token, tradeUser: body.data };
});
afterAll(async () => {
  await browser.close();
});

async function openOverview(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => localStorage.setItem('root', stored), JSON.stringify(session));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/user/overview`);
  return { context, page };
}

describe('market widgets on the overview', () => {
  it('run in frames sandboxed away from the session, and say so quietly when offline', async () => {
    const { context, page } = await openOverview(VIEWPORTS.desktop);
    const frames = page.locator('iframe');
    await expect.poll(() => frames.count()).toBe(2);
    for (const index of [0, 1]) {
      const sandbox = await frames.nth(index).getAttribute('sandbox');
      expect(sandbox).toContain('allow-scripts');
      expect(sandbox).not.toContain('allow-same-origin');
    }
    // This machine has no internet: the provider's script fails and each frame says so.
    const chart = page.frameLocator('iframe[title="Bitcoin to US dollar, daily chart"]');
    await chart.getByText('Market data unavailable').waitFor({ timeout: 15_000 });
    await expect(
      page.evaluate(() => document.querySelector('iframe')?.contentDocument ?? null),
    ).resolves.toBeNull();
    await screenshot(page, 'overview-market-desktop');
    await context.close();
  });

  it('hides the ticker on phones', async () => {
    const { context, page } = await openOverview(VIEWPORTS.phone);
    await page.getByText('Personal Trading Chart').waitFor();
    await expect.poll(() => page.locator('iframe[src="/market/ticker.html"]').isVisible()).toBe(false);
    await context.close();
  });
});

describe('a market page opened directly', () => {
  it.each(['/market/chart.html', '/%6Darket/chart.html'])(
    'runs at an opaque origin, so nothing on %s can read the session',
    async (path) => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.addInitScript((stored) => {
        if (location.pathname === '/') localStorage.setItem('root', stored);
      }, JSON.stringify(session));
      const page = await context.newPage();
      await page.goto(baseUrl);
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain('sandbox allow-scripts allow-popups');
      const reach = await page.evaluate(() => {
        try {
          return { origin: window.origin, session: localStorage.getItem('root') };
        } catch (error) {
          return { origin: window.origin, session: `blocked: ${(error as Error).name}` };
        }
      });
      expect(reach.origin).toBe('null');
      expect(reach.session).toBe('blocked: SecurityError');
      await context.close();
    },
  );
});
