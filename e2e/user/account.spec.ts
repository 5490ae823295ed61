import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  api,
  logInApi,
  openAccountMenuItem,
  openFreshPage,
  openSignedIn,
  page,
  setUpUserSuite,
  signInThroughPage,
  signUpUser,
  TINY_PNG,
  USER_PASSWORD,
  waitForAlert,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: false });

const baseUrl = inject('baseUrl');

const storedUser = () =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('root') ?? 'null') as { tradeUser?: unknown })?.tradeUser,
  );

const profileRow = (label: string) =>
  page
    .getByRole('region', { name: 'Personal information' })
    .getByRole('button', { name: new RegExp(`^${label}`) });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`account settings at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('updates the profile through the dialog, with the server rules, and keeps it after a reload', async () => {
      const user = await signUpUser(api);
      const other = await signUpUser(api, 'Grace Hopper');
      const otherEmail = `${other.user.userName}@example.com`;
      await openSignedIn(page, user, '/user/overview');
      await openAccountMenuItem(page, 'My Profile');
      await page.waitForURL(`${baseUrl}/user/profile`);
      await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
      for (const label of ['Full Name', 'Email', 'Phone Number', 'Date of birth', 'Address']) {
        await profileRow(label).waitFor();
      }
      await expect.poll(() => profileRow('Phone Number').textContent()).toContain('Not added yet');

      await profileRow('Phone Number').click();
      const dialog = page.getByRole('dialog', { name: 'Update Profile' });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByRole('tab', { name: 'Personal' }).getAttribute('aria-selected'))
        .toBe('true');
      await expect
        .poll(() => dialog.getByLabel('Date of Birth').getAttribute('placeholder'))
        .toBe('DD/MM/YYYY');
      await expect.poll(() => dialog.getByLabel('Fullname').inputValue()).toBe(user.user.fullName);
      await screenshot(page, `profile-dialog-${viewportName}`);
      await expectAccessible(page, 'the Update Profile dialog');

      const update = dialog.getByRole('button', { name: 'UPDATE' });
      await dialog.getByLabel('Date of Birth').fill('31/02/1990');
      await update.click();
      await waitForAlert(page, 'Please enter the date of birth as DD/MM/YYYY.');
      await dialog.getByLabel('Date of Birth').fill(`01/01/${new Date().getFullYear() - 10}`);
      await update.click();
      await waitForAlert(page, 'You must be at least 18 years old.');
      await dialog.getByLabel('Date of Birth').fill('10/12/1990');
      // Only the server knows who else uses an e-mail address; a new address needs the password first.
      await dialog.getByLabel('Email').fill(otherEmail);
      await dialog.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await update.click();
      await waitForAlert(page, 'An account with this email already exists.');

      const newEmail = `new.${user.user.userName}@example.com`;
      await dialog.getByLabel('Email').fill(newEmail);
      await dialog.getByLabel('Fullname').fill('Ada King Lovelace');
      await dialog.getByLabel('Phone No').fill('+44 20 7946 0958');
      // The Address tab by keyboard, as the tab pattern allows.
      await dialog.getByRole('tab', { name: 'Personal' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => dialog.getByRole('tab', { name: 'Address' }).getAttribute('aria-selected'))
        .toBe('true');
      await dialog.getByRole('textbox', { name: 'Address' }).fill('12 St James Square');
      await dialog.getByLabel('Postal').fill('SW1Y 4JH');
      await dialog.getByLabel('Country').fill('United Kingdom');
      await update.click();
      await page.getByText('Profile updated successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      await expect.poll(() => profileRow('Full Name').textContent()).toContain('Ada King Lovelace');
      await expect.poll(() => profileRow('Email').textContent()).toContain(newEmail);
      await expect.poll(() => profileRow('Phone Number').textContent()).toContain('+44 20 7946 0958');
      await expect.poll(() => profileRow('Date of birth').textContent()).toContain('10/12/1990');
      await expect
        .poll(() => profileRow('Address').textContent())
        .toContain('12 St James Square, SW1Y 4JH, United Kingdom');
      // The stored session and the top bar follow at once.
      await expect.poll(() => storedUser()).toMatchObject({ fullName: 'Ada King Lovelace', email: newEmail });
      await page.getByRole('button', { name: 'Account menu, Ada King Lovelace' }).waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
      await expect.poll(() => profileRow('Address').textContent()).toContain('United Kingdom');
      await screenshot(page, `profile-${viewportName}`);
      await expectAccessible(page, '/user/profile');
      // The new e-mail signs in.
      await logInApi(api, newEmail, USER_PASSWORD);
    });

    it('changes the password (old one checked, strength rules), signs out other devices; the new one signs in', async () => {
      const user = await signUpUser(api);
      const otherDevice = await logInApi(api, user.user.userName, USER_PASSWORD);
      await openSignedIn(page, user, '/user/overview');
      await openAccountMenuItem(page, 'Settings');
      await page.waitForURL(`${baseUrl}/user/security`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.waitFor();
      await screenshot(page, `password-dialog-${viewportName}`);
      await expectAccessible(page, 'the Change Password dialog');

      const fill = async (oldPassword: string, newPassword: string, confirmPassword: string) => {
        await dialog.getByLabel('Old Password', { exact: true }).fill(oldPassword);
        await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
        await dialog.getByLabel('Confirm New Password', { exact: true }).fill(confirmPassword);
        await dialog.getByRole('button', { name: 'UPDATE PASSWORD' }).click();
      };
      await fill(USER_PASSWORD, 'alllowercase#1', 'alllowercase#1');
      await waitForAlert(page, 'Password must include uppercase, lowercase, and special characters.');
      await fill(USER_PASSWORD, 'Analytical#1843', 'Analytical#1844');
      await waitForAlert(page, 'Passwords do not match.');
      await fill('Wrong#Guess1', 'Analytical#1843', 'Analytical#1843');
      await waitForAlert(page, 'The old password is not correct.');
      // A second submission refused in the page: only its own problem shows, not the last answer's.
      await fill('Wrong#Guess1', 'Analytical#1843', 'Analytical#1844');
      await waitForAlert(page, 'Passwords do not match.');
      await expect.poll(() => dialog.getByText('The old password is not correct.').count()).toBe(0);
      await fill(USER_PASSWORD, 'Analytical#1843', 'Analytical#1843');
      await page.getByText('Password changed. Your other sessions have been signed out.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const revoked = await api.get(`/api/user/userprofile/${user.user._id}`, {
        headers: { authorization: `Bearer ${otherDevice.token}` },
      });
      expect(revoked.status()).toBe(401);
      // This device stays signed in.
      await page.reload();
      await page.getByRole('button', { name: 'Change Password' }).waitFor();

      await openAccountMenuItem(page, 'Log Out');
      await page.waitForURL(`${baseUrl}/signin`);
      await page.getByLabel('Email or UserName').fill(user.user.userName);
      await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
      await page.getByRole('button', { name: 'Account Login' }).click();
      await page.getByText('Invalid credentials').first().waitFor();
      await signInThroughPage(page, user.user.userName, 'Analytical#1843');

      // The sign-in history shows the refused attempt and the successful one, with the browser.
      await openAccountMenuItem(page, 'Settings');
      const history = page.getByRole('region', { name: 'Recent sign-ins' });
      await history.getByText('Wrong password').first().waitFor();
      await expect.poll(() => history.getByText('Signed in').count()).toBeGreaterThan(0);
      await expect.poll(() => history.textContent()).toContain('Chrome');
      await screenshot(page, `security-${viewportName}`);
      await expectAccessible(page, '/user/security');
    });

    it('uploads an avatar after the Add Image question; the top bar shows it after a reload and on another device', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      const header = page.getByRole('banner');
      await expect.poll(() => header.locator('img').count()).toBe(0);

      await header.getByRole('button', { name: 'Add a profile picture' }).click();
      const question = page.getByRole('alertdialog', { name: 'Add Image' });
      await question.waitFor();
      await expectAccessible(page, 'the Add Image question');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        question.getByRole('button', { name: 'Choose image' }).click(),
      ]);
      await expect
        .poll(() => chooser.element().getAttribute('accept'))
        .toBe('image/png,image/jpeg,image/webp,image/gif');
      await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
      await page.getByText('Profile picture updated.').waitFor();

      const avatarLoaded = () =>
        header
          .locator('img')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
          .catch(() => false);
      await expect.poll(avatarLoaded).toBe(true);
      const { avatar } = (await storedUser()) as { avatar: string };
      expect(avatar).toMatch(/^\/api\/files\//);

      await page.reload();
      await expect.poll(avatarLoaded).toBe(true);
      await header.getByRole('button', { name: 'Change your profile picture' }).waitFor();
      await screenshot(page, `avatar-topbar-${viewportName}`);

      // Kept by the server: a fresh browser signed in elsewhere sees it too, on the profile as well.
      await openFreshPage(viewport);
      await openSignedIn(page, await logInApi(api, user.user.userName, USER_PASSWORD), '/user/profile');
      await expect
        .poll(() =>
          page
            .getByRole('region', { name: 'Profile picture' })
            .locator('img')
            .evaluate((image: HTMLImageElement) => image.naturalWidth > 0)
            .catch(() => false),
        )
        .toBe(true);
      await expect.poll(() => page.getByRole('banner').locator('img').count()).toBe(1);

      // A file that is not an image is refused with the server's reason.
      const [secondChooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        (async () => {
          await page.getByRole('region', { name: 'Profile picture' }).getByRole('button').click();
          await page
            .getByRole('alertdialog', { name: 'Add Image' })
            .getByRole('button', { name: 'Choose image' })
            .click();
        })(),
      ]);
      await secondChooser.setFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<svg></svg>'),
      });
      await page.getByText('The picture must be a PNG, JPEG, WebP or GIF image.').waitFor();
      expect(((await storedUser()) as { avatar: string }).avatar).toBe(avatar);
    });

    it('masks each overview card on its own, offers Notifications in the menu on phones only, and logs out', async () => {
      const user = await signUpUser(api);
      await openSignedIn(page, user, '/user/overview');
      const titles = [
        'Total Balance',
        'Total Deposit',
        'Earnings',
        'All Withdraw',
        'Total Interest',
        'Deposits',
      ];
      const summary = page.getByRole('region', { name: 'Summary' });
      const shownValue = (title: string) =>
        summary
          .locator('div')
          .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
          .locator('p')
          .textContent();
      for (const title of titles) await expect.poll(() => shownValue(title)).toBe('******');

      for (const title of titles) {
        await summary.getByRole('button', { name: `Show ${title}` }).click();
        await expect.poll(() => shownValue(title)).not.toBe('******');
        for (const other of titles.filter((name) => name !== title)) {
          await expect
            .poll(() => shownValue(other), { message: `${other} while ${title} is shown` })
            .toBe('******');
        }
        await summary.getByRole('button', { name: `Hide ${title}` }).click();
        await expect.poll(() => shownValue(title)).toBe('******');
      }
      await summary.getByRole('button', { name: 'Show Total Balance' }).click();
      await summary.getByRole('button', { name: 'Show Deposits' }).click();
      await expect.poll(() => shownValue('Total Balance')).toBe('$0.00');
      await expect.poll(() => shownValue('Deposits')).toBe('0 pending');
      await expect.poll(() => shownValue('Earnings')).toBe('******');

      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'My Profile' }).waitFor();
      await expect.poll(() => menu.getByRole('menuitem', { name: 'Settings' }).count()).toBe(1);
      await expect
        .poll(() => menu.getByRole('menuitem', { name: 'Notifications' }).count())
        .toBe(viewportName === 'phone' ? 1 : 0);
      await screenshot(page, `account-menu-${viewportName}`);
      await menu.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.waitForURL(`${baseUrl}/signin`);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('root'))).toBeNull();
      const revoked = await api.get(`/api/user/userprofile/${user.user._id}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(revoked.status()).toBe(401);
      await page.goto('/user/overview');
      await page.waitForURL(`${baseUrl}/signin`);
    });
  });
}
