import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS } from '../support/browser.ts';
import {
  adminLogIn,
  adminToken,
  api,
  callApi,
  createGateway,
  ETH_ADDRESS,
  fundAccount,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  saveWithdrawalAddress,
  setUpUserSuite,
  signUpUser,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

/** A Taproot address: the longest kind a person may paste, and one unbroken word. */
const LONG_BTC_ADDRESS = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
const LONG_WORD = 'Withdrawal-reference-0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed-please-check';
/** 70 characters, one unbroken word, as the operator may set it. */
const LONG_SUPPORT_EMAIL = 'customer-support-and-depositor-care-team@operations.long-firm-name.com';
/** A payout reference as long as an Ethereum transaction hash. */
const LONG_PAYOUT_REFERENCE = '0x9f2b6c1d3e4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4';

const USER_PAGES = [
  'overview',
  'deposit',
  'depo',
  'withdraw',
  'history',
  'my-plans',
  'packages',
  'support',
  'profile',
  'security',
  'notifications',
  'verify-balance',
];
const ADMIN_PAGES = [
  'testing',
  'allusers',
  'adminTrans',
  'withdrawals',
  'gateway',
  'plans',
  'support',
  'settings',
  'audit',
];

let user: SignedInUser;
let admin: SignedInUser;

/** Someone with something in every list, with the longest values the forms accept. */
beforeAll(async () => {
  admin = await adminLogIn(api);
  user = await signUpUser(api, 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh');
  await createGateway(api, adminToken, 'btc', LONG_BTC_ADDRESS);
  await createGateway(api, adminToken, 'eth', ETH_ADDRESS);
  await callApi(api, 'PUT', `/api/admin/verifyUser/${user.user._id}`, adminToken);
  await fundAccount(api, adminToken, user, 2500);
  await callApi(api, 'POST', '/api/user/deposit', user.token, { data: { mode: 'eth', amount: 75 } });
  await saveWithdrawalAddress(api, user, { coin: 'btc', address: LONG_BTC_ADDRESS });
  for (const amount of [40, 30]) {
    await callApi(api, 'POST', '/api/user/withdraw', user.token, {
      data: { amount, method: 'btc', address: LONG_BTC_ADDRESS },
    });
  }
  // One of them paid, so the notifications hold the 62-character address and the lists a payout reference.
  const { data: withdrawals } = await callApi<{ data: { _id: string; amount: number }[] }>(
    api,
    'GET',
    '/api/user/withdrawals',
    user.token,
  );
  const paid = withdrawals.find((withdrawal) => withdrawal.amount === 30);
  await callApi(api, 'PUT', `/api/admin/approveWithdrawal/${paid?._id}`, adminToken, {
    data: { txHash: LONG_PAYOUT_REFERENCE },
  });
  const { data: site } = await callApi<{ data: Record<string, unknown> }>(api, 'GET', '/api/site', null);
  await callApi(api, 'PUT', '/api/admin/site', adminToken, {
    data: { ...site, supportEmail: LONG_SUPPORT_EMAIL },
  });
  const { data: plans } = await callApi<{ data: { _id: string; name: string }[] }>(
    api,
    'GET',
    '/api/plans',
    null,
  );
  await callApi(api, 'POST', '/api/user/invest', user.token, {
    data: { planId: plans.find((plan) => plan.name === 'SMALL')?._id, amount: 100 },
  });
  await callApi(api, 'POST', '/api/user/support', user.token, {
    data: { message: `${LONG_WORD} ${LONG_WORD}` },
  });
});

async function expectFitsTheScreen(path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Lists finish loading first: the widest content is what they hold.
  await expect
    .poll(() => page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]').count())
    .toBe(0);
  // Polled: the market widgets settle their size after the page has loaded.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path} at 390 px` })
    .toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

describe('at phone width (390 px), with data in every list', () => {
  it('no public page is wider than the screen with a 70-character support e-mail', async () => {
    expect(LONG_SUPPORT_EMAIL).toHaveLength(70);
    await openFreshPage(VIEWPORTS.phone);
    for (const path of ['/review', '/policy', '/terms']) {
      await expectFitsTheScreen(path);
      await expect.poll(() => page.getByText(LONG_SUPPORT_EMAIL).count()).toBeGreaterThan(0);
    }
  });

  it('no page of the user area is wider than the screen', async () => {
    await openFreshPage(VIEWPORTS.phone);
    await openSignedIn(page, user, '/user/overview');
    for (const path of USER_PAGES) await expectFitsTheScreen(`/user/${path}`);
    // The long values are on screen, wrapped, not cut off or hidden.
    await expectFitsTheScreen('/user/notifications');
    await page.getByText(`was paid to ${LONG_BTC_ADDRESS}`).waitFor();
    await expectFitsTheScreen('/user/withdraw');
    await page.getByText(LONG_PAYOUT_REFERENCE).waitFor();
    await expectFitsTheScreen('/user/support');
    await page.getByText(LONG_SUPPORT_EMAIL).first().waitFor();
  });

  it('no page of the admin console is wider than the screen', async () => {
    await openFreshPage(VIEWPORTS.phone);
    await openSignedIn(page, admin, '/admin/testing');
    for (const path of ADMIN_PAGES) await expectFitsTheScreen(`/admin/${path}`);
  });
});
