import { beforeAll, describe, it } from 'vitest';
import { VIEWPORTS } from '../support/browser.ts';
import {
  api,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: false });

let user: SignedInUser;
beforeAll(async () => {
  user = await signUpUser(api);
});

/**
 * Without the service worker: the browser's routing cannot stand in for a file its worker fetches.
 * The worker passes the server's 404 on to the page all the same (it stores only what answered 200).
 */
const WITHOUT_WORKER = { serviceWorkers: 'block' } as const;

/** What a tab opened before a deploy meets: the page's code is gone from the server. */
async function loseChunk(pattern: RegExp): Promise<void> {
  await page.route(pattern, (route) => route.fulfill({ status: 404, body: 'Not found' }));
}

describe('a page whose code cannot be loaded', () => {
  it('in the user area, explains the update and offers a reload that works', async () => {
    await openFreshPage(VIEWPORTS.phone, WITHOUT_WORKER);
    await openSignedIn(page, user, '/policy');
    await loseChunk(/\/assets\/overview-page-[^/]*\.js$/);
    await page.goto('/user/overview');
    await page.getByRole('heading', { level: 1, name: 'Vestora has been updated' }).waitFor();

    await page.unrouteAll();
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' }).waitFor();
  });

  it('on a public page, says the same instead of the router’s default', async () => {
    await openFreshPage(VIEWPORTS.desktop, WITHOUT_WORKER);
    await loseChunk(/\/assets\/terms-page-[^/]*\.js$/);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Vestora has been updated' }).waitFor();
    await page.getByRole('link', { name: 'Go back to the start' }).waitFor();
  });
});
