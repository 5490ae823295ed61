import { MESSAGES } from '@vestora/shared';
import type { Locator } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { totpCode, totpStep } from '../../apps/server/src/lib/totp.ts';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { mailFromOutbox } from '../support/outbox.ts';
import {
  adminLogIn,
  api,
  callApi,
  logInApi,
  openAccountMenuItem,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
  USER_PASSWORD,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: true });

const dataDir = inject('dataDir');

/**
 * An authenticator app for `secret`, as the person's phone would be. The server takes each time step
 * once, so every code is of a later step than the one before (it accepts one step ahead).
 */
function authenticatorFor(secret: string): () => string {
  let lastStep = 0;
  return () => {
    lastStep = Math.max(totpStep(new Date()), lastStep + 1);
    return totpCode(secret, lastStep);
  };
}

/** The ten recovery codes a dialog shows, once it shows all ten (the list may follow its message). */
async function recoveryCodesIn(dialog: Locator): Promise<string[]> {
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  return codes.allTextContents();
}

/** Turns two-factor sign-in on through the API, returning the person's authenticator. */
async function turnOnTwoFactor(user: SignedInUser): Promise<() => string> {
  const { data } = await callApi<{ data: { secret: string } }>(
    api,
    'POST',
    '/api/user/2fa/setup',
    user.token,
  );
  const nextCode = authenticatorFor(data.secret);
  await callApi(api, 'POST', '/api/user/2fa/enable', user.token, {
    data: { password: USER_PASSWORD, code: nextCode() },
  });
  return nextCode;
}

const profileStatus = async (user: SignedInUser, token: string) =>
  (
    await api.get(`/api/user/userprofile/${user.user._id}`, { headers: { authorization: `Bearer ${token}` } })
  ).status();

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`account security at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('asks for the current password to change the e-mail, tells the old address, whose link locks the account', async () => {
      const user = await signUpUser(api, 'Mary Jackson');
      const oldEmail = `${user.user.userName}@example.com`;
      const newEmail = `moved.${user.user.userName}@example.com`;
      const otherDevice = await logInApi(api, user.user.userName, USER_PASSWORD);
      await openSignedIn(page, user, '/user/profile');
      await page
        .getByRole('region', { name: 'Personal information' })
        .getByRole('button', { name: /^Email/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Update Profile' });
      const password = dialog.getByLabel('Current password', { exact: true });
      const update = dialog.getByRole('button', { name: 'UPDATE' });
      await dialog.getByLabel('Fullname').waitFor();
      // Nothing is asked while the address stays, whatever its case.
      await dialog.getByLabel('Email').fill(oldEmail.toUpperCase());
      expect(await password.count()).toBe(0);

      await dialog.getByLabel('Email').fill(newEmail);
      await dialog
        .getByText("Changing your e-mail address needs your current password; we'll tell your old address.")
        .waitFor();
      // No second factor on this account, so no code is asked.
      expect(await dialog.getByLabel('Code from the app, or a recovery code').count()).toBe(0);
      await update.click();
      await waitForAlert(page, 'Enter your current password to change your e-mail address.');
      await password.fill('Wrong#Guess1');
      await update.click();
      await waitForAlert(page, 'The password is not correct.');
      await screenshot(page, `email-change-password-${viewportName}`);
      await expectAccessible(page, 'the Update Profile dialog asking for the password');
      expect(await profileStatus(user, otherDevice.token)).toBe(200);

      await password.fill(USER_PASSWORD);
      await update.click();
      await page.getByText('Profile updated successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('region', { name: 'Personal information' })
        .getByRole('button', { name: /^Email/ })
        .filter({ hasText: newEmail })
        .waitFor();
      // Every other session ended with the change; this one stays.
      expect(await profileStatus(user, otherDevice.token)).toBe(401);
      expect(await profileStatus(user, user.token)).toBe(200);

      const notice = await mailFromOutbox(dataDir, { to: oldEmail, subject: 'was changed' });
      expect(notice.body).toContain(`changed from ${oldEmail} to ${newEmail}`);
      const token = /\/lock-account\?token=([A-Za-z0-9_-]+)/.exec(notice.body)?.[1];
      expect(token, 'the notice carries a lock link').toBeTruthy();

      // The owner opens the link elsewhere: opening it alone changes nothing (mail scanners open links).
      await openFreshPage(viewport);
      await page.goto(`/lock-account?token=${token}`);
      await page.getByRole('heading', { level: 1, name: 'Lock your account' }).waitFor();
      for (const consequence of [
        'puts your previous e-mail address back on it;',
        'ends every session, on every device;',
        'stops the password working until you reset it from the sign-in page',
      ]) {
        await page.getByRole('listitem').filter({ hasText: consequence }).waitFor();
      }
      await screenshot(page, `lock-account-${viewportName}`);
      await expectAccessible(page, '/lock-account');
      expect(await profileStatus(user, user.token)).toBe(200);

      await page.getByRole('button', { name: 'Lock my account' }).click();
      await page.getByRole('status').filter({ hasText: MESSAGES.accountLocked }).waitFor();
      expect(await page.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
        '/forgetpass',
      );
      await screenshot(page, `lock-account-locked-${viewportName}`);

      expect(await profileStatus(user, user.token)).toBe(401);
      const admin = await adminLogIn(api);
      const { data: restored } = await callApi<{ data: { email: string } }>(
        api,
        'GET',
        `/api/user/userprofile/${user.user._id}`,
        admin.token,
      );
      expect(restored.email).toBe(oldEmail);
      const signIn = await api.post('/api/user/login', {
        data: { userNameOrEmail: user.user.userName, password: USER_PASSWORD },
      });
      expect(signIn.status()).toBe(401);
      expect(await signIn.json()).toMatchObject({ message: MESSAGES.invalidCredentials });

      // The link works once.
      await page.goto(`/lock-account?token=${token}`);
      await page.getByRole('button', { name: 'Lock my account' }).click();
      await waitForAlert(page, 'This link is not valid or has already been used.');

      // The person's history says what happened, as the administrator reads it.
      await openFreshPage(viewport);
      await openSignedIn(page, admin, '/admin/allusers');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(user.user.userName);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.getByRole('button', { name: 'Actions for Mary Jackson' }).click();
      await page.getByRole('menuitem', { name: 'Login history' }).click();
      await page
        .getByRole('dialog', { name: 'Sign-ins of Mary Jackson' })
        .getByText('Account locked from e-mail link')
        .waitFor();
    });

    it('turning on two-factor sign-in asks for the current password; new recovery codes replace the old', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      await openAccountMenuItem(page, 'Settings');
      const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
      await panel.getByRole('button', { name: 'Turn on' }).click();
      const enable = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
      await enable.getByRole('button', { name: 'Show the QR code' }).click();
      const keyLine = enable.getByText('Or enter this key by hand:');
      await keyLine.waitFor();
      const secret = ((await keyLine.textContent()) ?? '').replace('Or enter this key by hand:', '').trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const nextCode = authenticatorFor(secret);

      await enable.getByLabel('Code from the app').fill(nextCode());
      await enable.getByRole('button', { name: 'Turn on' }).click();
      await waitForAlert(page, 'Enter your current password.');
      await enable.getByLabel('Current password', { exact: true }).fill('Wrong#Guess1');
      await enable.getByRole('button', { name: 'Turn on' }).click();
      await waitForAlert(page, 'The password is not correct.');
      await screenshot(page, `two-factor-enable-${viewportName}`);
      await expectAccessible(page, 'the Turn on two-factor sign-in dialog');
      expect(
        (await callApi<{ data: { isEnabled: boolean } }>(api, 'GET', '/api/user/2fa', user.token)).data,
      ).toMatchObject({ isEnabled: false });

      await enable.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await enable.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Two-factor sign-in is on. Keep your recovery codes somewhere safe.').waitFor();
      const firstCodes = await recoveryCodesIn(enable);
      await enable.getByRole('button', { name: 'I have saved them' }).click();
      await panel.getByText('On. 10 recovery codes left.').waitFor();

      await panel.getByRole('button', { name: 'New recovery codes' }).click();
      const renew = page.getByRole('dialog', { name: 'New recovery codes' });
      await renew.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await renew.getByLabel('Code from the app, or a recovery code').fill(nextCode());
      await renew.getByRole('button', { name: 'Make new codes' }).click();
      await page.getByText('New recovery codes are ready. The old ones no longer work.').waitFor();
      const newCodes = await recoveryCodesIn(renew);
      expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
      await screenshot(page, `recovery-codes-${viewportName}`);
      await expectAccessible(page, 'the New recovery codes dialog');
      await renew.getByRole('button', { name: 'I have saved them' }).click();

      // With two-factor sign-in on, a new e-mail address needs a code too; a recovery code will do.
      await openAccountMenuItem(page, 'My Profile');
      await page
        .getByRole('region', { name: 'Personal information' })
        .getByRole('button', { name: /^Email/ })
        .click();
      const profile = page.getByRole('dialog', { name: 'Update Profile' });
      const newEmail = `second.${user.user.userName}@example.com`;
      await profile.getByLabel('Email').fill(newEmail);
      await profile.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await profile.getByRole('button', { name: 'UPDATE' }).click();
      await waitForAlert(page, 'Enter the 6-digit code from your authenticator app.');
      await profile.getByLabel('Code from the app, or a recovery code').fill(newCodes[1] ?? '');
      await screenshot(page, `email-change-code-${viewportName}`);
      await profile.getByRole('button', { name: 'UPDATE' }).click();
      await page.getByText('Profile updated successfully.').waitFor();
      await profile.waitFor({ state: 'detached' });
      expect(
        (
          await callApi<{ data: { email: string } }>(
            api,
            'GET',
            `/api/user/userprofile/${user.user._id}`,
            user.token,
          )
        ).data.email,
      ).toBe(newEmail);

      // An old code no longer proves anything; a new one turns it off.
      await openAccountMenuItem(page, 'Settings');
      await panel.getByRole('button', { name: 'Turn off' }).click();
      const disable = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
      await disable.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await disable.getByLabel('Code from the app, or a recovery code').fill(firstCodes[0] ?? '');
      await disable.getByRole('button', { name: 'Turn off' }).click();
      await waitForAlert(page, 'The code is not valid. Try the current code, or a recovery code.');
      await disable.getByLabel('Code from the app, or a recovery code').fill(newCodes[0] ?? '');
      await disable.getByRole('button', { name: 'Turn off' }).click();
      await disable.waitFor({ state: 'detached' });
      await panel.getByText('Off. Add a code from your phone to every sign-in.').waitFor();
    });

    it("lets an administrator reset a person's second factor, ending their sessions, and says when it is off", async () => {
      const user = await signUpUser(api, 'Margaret Hamilton');
      await turnOnTwoFactor(user);
      const admin = await adminLogIn(api);
      await openSignedIn(page, admin, '/admin/allusers');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(user.user.userName);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);

      const resetTwoFactor = async () => {
        await page.getByRole('button', { name: 'Actions for Margaret Hamilton' }).click();
        await page.getByRole('menuitem', { name: 'Reset two-factor sign-in' }).click();
        const confirm = page.getByRole('alertdialog', {
          name: 'Reset two-factor sign-in of Margaret Hamilton',
        });
        await confirm.waitFor();
        return confirm;
      };
      const confirm = await resetTwoFactor();
      await screenshot(page, `admin-reset-two-factor-${viewportName}`);
      await expectAccessible(page, 'the Reset two-factor sign-in question');
      await confirm.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await page
        .getByText('Two-factor sign-in is off for this account, and its sessions have ended.')
        .waitFor();
      await confirm.waitFor({ state: 'detached' });

      expect(await profileStatus(user, user.token)).toBe(401);
      // The password alone signs in again.
      const again = await logInApi(api, user.user.userName, USER_PASSWORD);
      expect(
        (await callApi<{ data: { isEnabled: boolean } }>(api, 'GET', '/api/user/2fa', again.token)).data,
      ).toMatchObject({ isEnabled: false });

      // Once it is off, the server says so.
      await (await resetTwoFactor()).getByRole('button', { name: 'Reset two-factor sign-in' }).click();
      await page.getByText('Two-factor sign-in is not on.').waitFor();

      // The person sees it in their own history.
      await openFreshPage(viewport);
      await openSignedIn(page, again, '/user/security');
      await page
        .getByRole('region', { name: 'Recent sign-ins' })
        .getByText('Two-factor reset by an administrator')
        .waitFor();
    });
  });
}
