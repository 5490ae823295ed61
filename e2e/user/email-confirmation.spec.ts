import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vestora/shared';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';
import { openFreshPage, page, setUpUserSuite, signInThroughPage, USER_PASSWORD } from './user-helpers.ts';

setUpUserSuite({ asAdmin: false });

const dataDir = inject('dataDir');

async function signUpThroughPage(person: { fullName: string; email: string; userName: string }) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(person.fullName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.userName);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await page.waitForURL('**/review');
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`e-mail confirmation at ${viewportName} width`, () => {
    beforeEach(() => openFreshPage(viewport));

    it('keeps the promise of the sign-up dialog: withdrawing waits for the link, which confirms once', async () => {
      const tag = randomBytes(4).toString('hex');
      // A long address, as people have: the notices must wrap it, not run out of the page.
      const person = {
        fullName: 'Katherine Johnson',
        userName: `kj${tag}`,
        email: `katherine.coleman.goble.johnson.${tag}@langley-research-center.example.com`,
      };
      await signUpThroughPage(person);
      await page.getByRole('status').filter({ hasText: MESSAGES.signupDialog }).waitFor();

      await signInThroughPage(page, person.userName, USER_PASSWORD);
      await page.getByText('Please confirm your email address to withdraw.').waitFor();

      await page.goto('/user/withdraw');
      await page.getByText(MESSAGES.emailUnconfirmedToWithdraw).waitFor();
      await expect.poll(() => page.getByLabel('Amount (USD)').isDisabled()).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `withdraw-email-unconfirmed-${viewportName}`);

      await page.getByRole('button', { name: 'Add address' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(MESSAGES.emailUnconfirmedToSaveAddress).waitFor();
      await expect.poll(() => dialog.getByLabel('Address', { exact: true }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Send the link again' }).first().click();
      await page.getByText(MESSAGES.emailConfirmationSent).waitFor();
      const token = await confirmationTokenFromOutbox(dataDir, person.email);

      await page.goto(`/confirm-email?token=${token}`);
      await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
      await expectAccessible(page, `confirm e-mail page at ${viewportName}`);
      await screenshot(page, `confirm-email-${viewportName}`);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await page.getByRole('status').filter({ hasText: MESSAGES.emailConfirmed }).waitFor();
      await page.getByRole('link', { name: 'Go to your account' }).click();
      await page.waitForURL('**/user/overview');
      await page.getByText('Your account is under review.').waitFor();
      await expect
        .poll(() => page.getByText('Please confirm your email address to withdraw.').count())
        .toBe(0);

      await page.goto('/user/withdraw');
      await page.getByRole('heading', { name: 'Request New Withdrawal' }).waitFor();
      await page.getByText(MESSAGES.mustBeVerifiedToWithdraw).waitFor();
      await expect.poll(() => page.getByText(MESSAGES.emailUnconfirmedToWithdraw).count()).toBe(0);

      await page.goto(`/confirm-email?token=${token}`);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await page.getByText(MESSAGES.emailConfirmationLinkInvalid).waitFor();
    });
  });
}
