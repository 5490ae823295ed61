import { MESSAGES, PUSH_MESSAGES } from '@vestora/shared';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { mailFromOutbox } from '../support/outbox.ts';
import {
  api,
  callApi,
  openFreshPage,
  openSignedIn,
  page,
  type SignedInUser,
  setUpUserSuite,
  signUpUser,
  USER_PASSWORD,
} from './user-helpers.ts';

setUpUserSuite({ asAdmin: false });

const dataDir = inject('dataDir');

/** A success toast: announced politely, as a status. */
const waitForToast = (text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

const mailChoices = (user: SignedInUser) =>
  callApi<{ data: Record<string, boolean> }>(api, 'GET', '/api/user/alertPreferences', user.token);

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`e-mail alerts at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('sets the anti-phishing code, which the next e-mail shows, and removes it', async () => {
      const user = await signUpUser(api, 'Grace Hopper');
      await openSignedIn(page, user, '/user/security');
      const panel = page.getByRole('region', { name: 'Anti-phishing code' });
      await panel.getByText('No code set yet.').waitFor();
      await panel.getByText('an e-mail without it, or with another code, is not from us').waitFor();

      const field = panel.getByLabel('Your anti-phishing code');
      await field.fill('ab');
      await panel.getByRole('button', { name: 'Save code' }).click();
      await panel.getByRole('alert').filter({ hasText: MESSAGES.antiPhishingCodeInvalid }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');

      await field.fill('Pelican 12');
      await panel.getByRole('button', { name: 'Save code' }).click();
      await waitForToast(MESSAGES.antiPhishingCodeSaved);
      await panel.getByText('Your code: Pelican 12').waitFor();
      await expectAccessible(page, `the security page with an anti-phishing code at ${viewportName} width`);
      await screenshot(page, `anti-phishing-${viewportName}`);

      const mail = await mailFromOutbox(dataDir, {
        to: `${user.user.userName}@example.com`,
        subject: 'Your anti-phishing code was set',
      });
      expect(mail.body).toContain('Your anti-phishing code: Pelican 12');
      expect(mail.body).toContain('Your anti-phishing code: <strong>Pelican 12</strong>');

      // After a reload the code stays hidden until the password is given: a session alone cannot read it.
      await page.reload();
      await panel.getByText('Your code is set. It stays hidden until you enter your password.').waitFor();
      expect(await panel.getByText('Pelican 12').count()).toBe(0);
      await panel.getByLabel('Current password', { exact: true }).fill('Wrong#Guess1');
      await panel.getByRole('button', { name: 'Show code' }).click();
      await panel.getByRole('alert').filter({ hasText: MESSAGES.passwordWrong }).waitFor();
      await panel.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
      await panel.getByRole('button', { name: 'Show code' }).click();
      await panel.getByText('Your code: Pelican 12').waitFor();
      await expect.poll(() => field.inputValue()).toBe('Pelican 12');
      await panel.getByRole('button', { name: 'Remove' }).click();
      await waitForToast(MESSAGES.antiPhishingCodeRemoved);
      await panel.getByText('No code set yet.').waitFor();
      const { data } = await callApi<{ data: { isSet: boolean; code: string | null } }>(
        api,
        'GET',
        '/api/user/antiPhishingCode',
        user.token,
      );
      expect(data).toEqual({ isSet: false, code: null });
    });

    it('chooses the money e-mails, and says security e-mails always come', async () => {
      const user = await signUpUser(api, 'Katherine Johnson');
      await openSignedIn(page, user, '/user/security');
      const panel = page.getByRole('region', { name: 'E-mail alerts' });
      await panel.getByText('Security e-mails').waitFor();
      const deposits = panel.getByRole('checkbox', { name: /Deposits/ });
      const adjustments = panel.getByRole('checkbox', { name: /Adjustments/ });
      await expect.poll(() => deposits.isChecked()).toBe(true);
      expect(await panel.getByRole('checkbox', { name: /Withdrawals/ }).isChecked()).toBe(true);

      await deposits.uncheck();
      await adjustments.uncheck();
      await panel.getByRole('button', { name: 'Save e-mail choices' }).click();
      await waitForToast(MESSAGES.mailChoicesSaved);
      expect((await mailChoices(user)).data).toEqual({
        deposits: false,
        withdrawals: true,
        adjustments: false,
      });
      await expectAccessible(page, `the e-mail choices at ${viewportName} width`);

      await page.reload();
      await expect.poll(() => panel.getByRole('checkbox', { name: /Withdrawals/ }).isChecked()).toBe(true);
      expect(await deposits.isChecked()).toBe(false);
      expect(await adjustments.isChecked()).toBe(false);
    });

    it('shows push notifications off on this device, says why the test browser cannot turn them on, and saves the choices', async () => {
      // The test browser grants the permission but has no push service to subscribe with, as a
      // browser without Google's services has none: the panel says so instead of failing silently.
      await openFreshPage(viewport, { permissions: ['notifications'] });
      const user = await signUpUser(api, 'Dorothy Vaughan');
      await openSignedIn(page, user, '/user/security');
      const panel = page.getByRole('region', { name: 'Push notifications' });
      await panel.getByRole('status').filter({ hasText: 'Off on this device.' }).waitFor();
      await panel.getByRole('button', { name: 'Turn on notifications on this device' }).click();
      await panel.getByRole('alert').filter({ hasText: PUSH_MESSAGES.pushServiceUnavailable }).waitFor();
      expect(await panel.getByRole('status').textContent()).toBe('Off on this device.');

      const tickets = panel.getByRole('checkbox', { name: /Support replies/ });
      await expect.poll(() => tickets.isChecked()).toBe(true);
      await tickets.uncheck();
      await panel.getByRole('button', { name: 'Save push choices' }).click();
      await waitForToast(PUSH_MESSAGES.choicesSaved);
      expect(
        (
          await callApi<{ data: Record<string, boolean> }>(
            api,
            'GET',
            '/api/user/push/preferences',
            user.token,
          )
        ).data,
      ).toEqual({
        deposits: true,
        withdrawals: true,
        tickets: false,
      });
      await expectAccessible(page, `the push notification choices at ${viewportName} width`);
      await screenshot(page, `push-notifications-${viewportName}`);
    });
  });
}
