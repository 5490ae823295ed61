import { MESSAGES } from '@vestora/shared';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { totpCode, totpStep } from '../../apps/server/src/lib/totp.ts';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { mailFromOutbox } from '../support/outbox.ts';
import {
  adminLogIn,
  api,
  BTC_ADDRESS,
  callApi,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  saveWithdrawalAddress,
  setUpUserSuite,
  signUpUser,
  USER_PASSWORD,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: false });

const dataDir = inject('dataDir');
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another device signing in to the account: a session with its own User-Agent. */
async function signInFrom(user: SignedInUser, userAgent: string): Promise<string> {
  const response = await api.post('/api/user/login', {
    headers: { 'user-agent': userAgent },
    data: { userNameOrEmail: user.user.userName, password: USER_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const sessionsStatus = async (token: string) =>
  (await api.get('/api/user/sessions', { headers: { authorization: `Bearer ${token}` } })).status();

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`sessions at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('lists the signed-in devices, signs one out, then every other one, each stopping at once', async () => {
      const user = await signUpUser(api, 'Katherine Johnson');
      const laptop = await signInFrom(user, FIREFOX_ON_WINDOWS);
      const phone = await signInFrom(user, SAFARI_ON_IPHONE);
      await openSignedIn(page, user, '/user/security');

      const panel = page.getByRole('region', { name: 'Signed-in devices' });
      const devices = panel.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
      await expect.poll(() => devices.count()).toBe(3);
      await expect.poll(() => panel.getByText('This device').count()).toBe(1);
      await panel.getByText('Firefox on Windows').waitFor();
      await panel.getByText('Safari on iPhone').waitFor();
      await screenshot(page, `sessions-${viewportName}`);
      await expectAccessible(page, 'the Signed-in devices panel');

      await panel.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sign out this device' });
      await confirm.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText(MESSAGES.sessionSignedOut).waitFor();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => devices.count()).toBe(2);
      expect(await panel.getByText('Firefox on Windows').count()).toBe(0);
      expect(await sessionsStatus(laptop)).toBe(401);
      expect(await sessionsStatus(phone)).toBe(200);

      await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const everywhere = page.getByRole('alertdialog', { name: 'Sign out everywhere else' });
      await screenshot(page, `sessions-sign-out-others-${viewportName}`);
      await everywhere.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText(MESSAGES.otherSessionsEnded).waitFor();
      await expect.poll(() => devices.count()).toBe(1);
      expect(await sessionsStatus(phone)).toBe(401);
      expect(await sessionsStatus(user.token)).toBe(200);
      expect(await panel.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);
    });

    it("lets an administrator open a person's sessions, addresses and security events, reset the second factor and end every session", async () => {
      const user = await signUpUser(api, 'Dorothy Vaughan');
      await saveWithdrawalAddress(api, user, { coin: 'btc', address: BTC_ADDRESS, label: 'Cold storage' });
      const { data: setup } = await callApi<{ data: { secret: string } }>(
        api,
        'POST',
        '/api/user/2fa/setup',
        user.token,
      );
      await callApi(api, 'POST', '/api/user/2fa/enable', user.token, {
        data: { password: USER_PASSWORD, code: totpCode(setup.secret, totpStep(new Date())) },
      });
      const admin = await adminLogIn(api);
      await openSignedIn(page, admin, '/admin/allusers');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(user.user.userName);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      const openMenu = async (item: string) => {
        await page.getByRole('button', { name: 'Actions for Dorothy Vaughan' }).click();
        await page.getByRole('menuitem', { name: item }).click();
      };

      // The person lost their phone: the second factor is reset, and that ends their sessions.
      await openMenu('Reset two-factor sign-in');
      await page
        .getByRole('alertdialog', { name: 'Reset two-factor sign-in of Dorothy Vaughan' })
        .getByRole('button', { name: 'Reset two-factor sign-in' })
        .click();
      await page.getByText(MESSAGES.twoFactorResetByAdmin).waitFor();
      expect(await sessionsStatus(user.token)).toBe(401);
      const reset = await mailFromOutbox(dataDir, {
        to: `${user.user.userName}@example.com`,
        subject: 'Two-factor sign-in was turned off by an administrator',
      });
      expect(reset.body).toContain('signed it out on every device');

      const laptop = await signInFrom(user, FIREFOX_ON_WINDOWS);
      const phone = await signInFrom(user, SAFARI_ON_IPHONE);
      await openMenu('Sessions, addresses and security');
      const dialog = page.getByRole('dialog', { name: 'Account of Dorothy Vaughan' });
      const sessionList = dialog.getByRole('list', { name: 'Sessions of Dorothy Vaughan' });
      await expect.poll(() => sessionList.getByRole('listitem').count()).toBe(2);
      await sessionList.getByText('Firefox on Windows').waitFor();
      await sessionList.getByText('Safari on iPhone').waitFor();
      const addresses = dialog.getByRole('list', { name: 'Withdrawal addresses of Dorothy Vaughan' });
      await addresses.getByText('Cold storage · BTC').waitFor();
      await addresses.getByText(BTC_ADDRESS).waitFor();
      const events = dialog.getByRole('list', { name: 'Security events of Dorothy Vaughan' });
      await events.getByText('Two-factor sign-in reset').waitFor();
      await events.getByText('Two-factor reset by an administrator').waitFor();
      await expect.poll(() => events.getByText('Signed in').count()).toBeGreaterThanOrEqual(3);
      await screenshot(page, `admin-user-detail-${viewportName}`);
      await expectAccessible(page, "the administrator's view of a person's account");

      await dialog.getByRole('button', { name: 'End all sessions' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'End every session of Dorothy Vaughan' });
      await confirm.getByRole('button', { name: 'End all sessions' }).click();
      await page.getByText(MESSAGES.userSessionsEnded).waitFor();
      await confirm.waitFor({ state: 'detached' });
      await dialog.getByText('Not signed in anywhere.').waitFor();
      await events.getByText('Every session ended').waitFor();
      expect(await sessionsStatus(laptop)).toBe(401);
      expect(await sessionsStatus(phone)).toBe(401);
      const ended = await mailFromOutbox(dataDir, {
        to: `${user.user.userName}@example.com`,
        subject: 'Your sessions were ended by an administrator',
      });
      expect(ended.body).toContain('signed your account out on every device');
    });
  });
}
