import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  adminToken,
  api,
  callApi,
  fundAccount,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const baseUrl = inject('baseUrl');
let user: SignedInUser;

/** Every page of the user area with the heading that says it has loaded. */
const USER_PAGES = [
  ['overview', 'Hello, Ada Lovelace'],
  ['deposit', 'Deposit'],
  ['depo', 'Deposit'],
  ['withdraw', 'Withdrawal'],
  ['history', 'History'],
  ['my-plans', 'My Investment (1)'],
  ['packages', 'Packages'],
  ['support', 'Support'],
  ['profile', 'Account Settings'],
  ['security', 'Account Settings'],
  ['notifications', 'Notifications'],
  ['verify-balance', 'Verify my balance'],
] as const;

/** The specification's entries in its order, then what Vestora adds. */
const MENU_ORDER = [
  'Dashboard',
  'Deposit',
  'Withdrawal',
  'My-plans',
  'Packages',
  'History',
  'Support',
  'Verify my balance',
];

/** Someone with a little of everything, so every page shows content rather than its empty state. */
beforeAll(async () => {
  user = await signUpUser(api);
  await fundAccount(api, adminToken, user, 1500);
  await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
  const { data: plans } = await callApi<{ data: { _id: string; name: string }[] }>(
    api,
    'GET',
    '/api/plans',
    null,
  );
  await callApi(api, 'POST', '/api/user/invest', user.token, {
    data: { planId: plans.find((plan) => plan.name === 'SMALL')?._id, amount: 100 },
  });
  await callApi(api, 'POST', '/api/user/support', user.token, { data: { message: 'How are returns paid?' } });
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`the user area at ${viewportName} width`, () => {
    it('has no serious or critical accessibility violations on any page', async () => {
      await openFreshPage(viewport);
      await openSignedIn(page, user, '/user/overview');
      for (const [path, heading] of USER_PAGES) {
        await page.goto(`/user/${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // Let lists finish loading so the scan sees the page as a person would.
        await expect.poll(() => page.getByRole('status', { name: /^Loading/ }).count()).toBe(0);
        await screenshot(page, `user-${path}-${viewportName}`);
        await expectAccessible(page, `/user/${path}`);
      }
    });

    it('lists the menu in the order of the specification and reaches each page by keyboard', async () => {
      await openSignedIn(page, user, '/user/overview');
      if (viewportName === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).focus();
        await page.keyboard.press('Enter');
      }
      const menu = page.getByRole('navigation', { name: 'Account' });
      await menu.waitFor();
      await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(MENU_ORDER);

      await menu.getByRole('link', { name: 'Packages' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/user/packages`);
      await page.getByRole('heading', { level: 1, name: 'Packages' }).waitFor();
      if (viewportName === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      await expect.poll(() => menu.locator('[aria-current="page"]').textContent()).toBe('Packages');
      if (viewportName === 'phone') await page.keyboard.press('Escape');

      // The account menu opens and works from the keyboard as well.
      await page.getByRole('button', { name: 'Account menu' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/user\/(profile|security)$/);
    });
  });
}
