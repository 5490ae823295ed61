import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { freshDataDir, type RunningServer, startServer, stopServer } from '../support/server.ts';
import { openTab, signInAsAdmin } from './console-helpers.ts';

/*
 * A server with the default REQUIRE_ADMIN_2FA (on): the other suites turn it off so the seeded
 * administrator can act without an authenticator.
 */
let server: RunningServer;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir, env: { REQUIRE_ADMIN_2FA: '' } });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`staff two-factor sign-in, on by default, at ${viewportName} width`, () => {
    it('the console asks the administrator to turn it on first, and leads to where it is done', async () => {
      const { context, page, problems } = await openTab(browser, server.baseUrl, viewport);
      try {
        await signInAsAdmin(page);
        await page.getByRole('heading', { name: 'Two-factor sign-in comes first' }).waitFor();
        await page
          .getByText('Turn on two-factor sign-in (Settings, Security) to use the admin console.')
          .waitFor();
        // The users list is not shown: the server would refuse it anyway.
        expect(await page.getByRole('table').count()).toBe(0);
        await screenshot(page, `console-two-factor-gate-${viewportName}`);
        await expectAccessible(page, '/admin/testing before two-factor sign-in');

        await page.getByRole('link', { name: 'Turn on two-factor sign-in' }).click();
        await page.waitForURL('**/user/security');
        expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
