import type { SiteSettings } from '@vestora/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/global-setup.ts';

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

async function openLanding(viewport: { width: number; height: number }, { fakeClock = false } = {}) {
  context = await browser.newContext({ viewport, baseURL: baseUrl });
  page = await context.newPage();
  if (fakeClock) await page.clock.install();
  await page.goto('/');
  await page.getByRole('group', { name: '1 of 3' }).waitFor();
}

const activeSlide = () =>
  page.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute('aria-label');

/**
 * Where the top of an element sits in the window, once a smooth scroll has settled: the same
 * position over several animation frames in a row, however slowly the machine paints them.
 */
function settledTop(selector: string): Promise<number> {
  return page.evaluate(async (target) => {
    const top = () => document.querySelector(target)?.getBoundingClientRect().top ?? Number.NaN;
    let previous = top();
    for (let stillFrames = 0; stillFrames < 5; ) {
      await new Promise(requestAnimationFrame);
      const current = top();
      stillFrames = Object.is(current, previous) ? stillFrames + 1 : 0;
      previous = current;
    }
    return previous;
  }, selector);
}

/** Lazy images below the fold load only when scrolled near; a full-page picture needs them all. */
async function loadEveryImage() {
  await page.getByRole('heading', { name: 'Risk, looked at from every side' }).waitFor();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  // A lazy image scrolled past within one frame may never start; ask for every one outright.
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('hero slider', () => {
  it('advances every 8 s by itself, wrapping, and stops while the pointer is on it', async () => {
    await openLanding(VIEWPORTS.desktop, { fakeClock: true });
    await expect.poll(() => activeSlide()).toBe('1 of 3');
    await page.clock.runFor(7_000);
    await expect.poll(() => activeSlide()).toBe('1 of 3');
    await page.clock.runFor(1_000);
    await expect.poll(() => activeSlide()).toBe('2 of 3');
    await page.clock.runFor(8_000);
    await expect.poll(() => activeSlide()).toBe('3 of 3');
    await page.clock.runFor(8_000);
    await expect.poll(() => activeSlide()).toBe('1 of 3');

    await page.getByRole('region', { name: 'Highlights' }).hover();
    await page.clock.runFor(24_000);
    await expect.poll(() => activeSlide()).toBe('1 of 3');
    await page.mouse.move(5, 5);
    await page.clock.runFor(8_000);
    await expect.poll(() => activeSlide()).toBe('2 of 3');
  });

  it('steps with the previous and next arrows, wrapping both ways, and Get Started leads to /signup', async () => {
    await openLanding(VIEWPORTS.desktop);
    const previous = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await previous.click();
    await expect.poll(() => activeSlide()).toBe('3 of 3');
    await next.click();
    await expect.poll(() => activeSlide()).toBe('1 of 3');
    await next.click();
    await expect.poll(() => activeSlide()).toBe('2 of 3');
    await next.click();
    await expect.poll(() => activeSlide()).toBe('3 of 3');
    await next.click();
    await expect.poll(() => activeSlide()).toBe('1 of 3');

    // The keyboard works the arrows too.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => activeSlide()).toBe('2 of 3');
    await previous.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => activeSlide()).toBe('1 of 3');

    // Only the visible slide's link can be reached; the hidden ones are inert.
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${baseUrl}/signup`);
  });

  it('stays put for visitors who ask for less motion', async () => {
    context = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      baseURL: baseUrl,
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('group', { name: '1 of 3' }).waitFor();
    await page.clock.runFor(24_000);
    await expect.poll(() => activeSlide()).toBe('1 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => activeSlide()).toBe('2 of 3');
  });
});

describe('header navigation at desktop width', () => {
  it('sends Invest, Features, Trade, Register and the banner to /register, and Login to /signin', async () => {
    await openLanding(VIEWPORTS.desktop);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Invest', 'Features', 'Trade']) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${baseUrl}/register`);
      await page.getByRole('button', { name: 'CREATE ACCOUNT' }).waitFor();
      await page.goBack();
      await page.waitForURL(`${baseUrl}/`);
    }
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Register', exact: true }).click();
    await page.waitForURL(`${baseUrl}/register`);
    await page.goBack();
    await header.getByRole('link', { name: /register now/ }).click();
    await page.waitForURL(`${baseUrl}/register`);
    await page.goBack();
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await page.getByRole('button', { name: 'Account Login' }).waitFor();
  });

  it('scrolls to About and to Contact, and Home goes back to the top', async () => {
    await openLanding(VIEWPORTS.desktop);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const headerHeight = await page.evaluate(() => document.querySelector('header')?.offsetHeight ?? 0);

    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}/#about`);
    const aboutTop = await settledTop('#about');
    expect(aboutTop).toBeGreaterThanOrEqual(headerHeight - 1);
    expect(aboutTop).toBeLessThan(headerHeight + 80);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('about');

    await nav.getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL(`${baseUrl}/#contact`);
    const contact = page.locator('#contact');
    await contact.getByRole('link', { name: /@/ }).waitFor();
    const contactTop = await settledTop('#contact');
    expect(contactTop).toBeGreaterThanOrEqual(0);
    expect(contactTop).toBeLessThan(VIEWPORTS.desktop.height);

    // Clicking About a second time scrolls again, although the address does not change.
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect.poll(() => settledTop('#about')).toBeLessThan(headerHeight + 80);

    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => settledTop('body')).toBe(0);
  });

  it('opens an address with #about or #contact at that section, though it arrives after the hero', async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    page = await context.newPage();
    await page.goto('/#about');
    await page.locator('#about').waitFor();
    const headerHeight = await page.evaluate(() => document.querySelector('header')?.offsetHeight ?? 0);
    await expect.poll(() => settledTop('#about')).toBeLessThan(headerHeight + 80);
    await page.goto('/policy#contact');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    const contactTop = await settledTop('#contact');
    expect(contactTop).toBeGreaterThanOrEqual(0);
    expect(contactTop).toBeLessThan(VIEWPORTS.desktop.height);
  });

  it('shows every section in order, a footer with the legal links and the risk notice, and no invented figures', async () => {
    await openLanding(VIEWPORTS.desktop);
    const headings = [
      'Crypto investing, with the books open',
      'Four steps to get started',
      'For builders and savers, wherever they are',
      'Experienced hands at every step',
      'Built for the long view',
      'Grow steadily, sleep well',
      'Know what you hold',
      'Risk, looked at from every side',
    ];
    await page.getByRole('heading', { name: headings.at(-1) }).waitFor();
    const tops = [];
    for (const name of headings) {
      tops.push((await page.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Number.NaN);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    const footer = page.getByRole('contentinfo');
    await footer.getByText('Investments can lose value', { exact: false }).waitFor();
    await expect.poll(() => footer.textContent()).toMatch(/past returns do not guarantee future returns/i);
    for (const label of [
      'Private Policy',
      'Terms & Conditions',
      'Planning services',
      'Investment services',
    ]) {
      await footer.getByRole('link', { name: label }).waitFor();
    }
    await footer.getByRole('link', { name: 'support@vestora.local' }).waitFor();

    // A fresh install has no figures set, so the page claims none.
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toMatch(/assets under management|founded|billion/i);

    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.waitForURL(`${baseUrl}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    await expect.poll(() => settledTop('body')).toBe(0);
  });

  it('looks right at 1280 px', async () => {
    await openLanding(VIEWPORTS.desktop);
    await loadEveryImage();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    await screenshot(page, 'landing-desktop');
  });
});

describe("the operator's claims", () => {
  it('serves the three built-in slide images that the admin settings page suggests', async () => {
    await openLanding(VIEWPORTS.desktop);
    for (const name of ['slide-1', 'slide-2', 'slide-3']) {
      const response = await page.request.get(`/slides/${name}.webp`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/webp');
      expect((await response.body()).subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('shows assets under management, the founding year, the address and custom slides only once they are set', async () => {
    await openLanding(VIEWPORTS.desktop);
    const api = page.request;
    const login = await api.post('/api/user/login', {
      data: { userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const original: SiteSettings = (await (await api.get('/api/site')).json()).data;
    try {
      const saved = await api.put('/api/admin/site', {
        headers,
        data: {
          ...original,
          assetsUnderManagement: 'USD 12 million',
          foundingYear: 2019,
          postalAddress: '1 Harbour Street, Leith',
          slides: [
            { id: 'a', image: '/slides/slide-3.webp', HeadText: 'Our own first slide', SubHeaderText: '' },
            {
              id: 'b',
              image: '/slides/slide-1.webp',
              HeadText: 'Our own second slide',
              SubHeaderText: 'More',
            },
          ],
        },
      });
      expect(saved.status()).toBe(200);
      await page.reload();
      const about = page.locator('#about');
      await about.getByText('USD 12 million').waitFor();
      const aboutText = await about.textContent();
      expect(aboutText).toContain('Assets under managementUSD 12 million');
      expect(aboutText).toContain('Founded2019');
      await page.getByRole('contentinfo').getByText('1 Harbour Street, Leith').waitFor();
      await page.getByRole('group', { name: '1 of 2' }).getByText('Our own first slide').waitFor();
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page.getByRole('group', { name: '2 of 2' }).getByText('Our own second slide').waitFor();
    } finally {
      // The other browser tests share this server: leave the firm's claims as they were.
      await api.put('/api/admin/site', { headers, data: original });
    }
  });
});

describe('at phone width', () => {
  it('opens the mobile menu, whose links go where the header links go', async () => {
    await openLanding(VIEWPORTS.phone);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'))
      .toBe('true');
    for (const label of ['Home', 'About', 'Invest', 'Features', 'Trade', 'Contact', 'Register', 'Login']) {
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await screenshot(page, 'landing-phone-menu');

    // Escape closes it and gives focus back to the toggle; the keyboard reopens it.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe('mobile-menu');
    await page.keyboard.press('Enter');
    await menu.waitFor();

    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}/#about`);
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => settledTop('#about')).toBeLessThan(200);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Trade' }).click();
    await page.waitForURL(`${baseUrl}/register`);
  });

  it('fits 390 px and 360 px without sideways scrolling', async () => {
    await openLanding(VIEWPORTS.phone);
    await loadEveryImage();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await screenshot(page, 'landing-phone');
    await page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
  });
});
