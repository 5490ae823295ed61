import { readFile } from 'node:fs/promises';
import { DATA_EXPORT_MESSAGES, MESSAGES } from '@vestora/shared';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  api,
  openAccountMenuItem,
  openFreshPage,
  openSignedIn,
  page,
  setUpUserSuite,
  signUpUser,
  USER_PASSWORD,
  waitForAlert,
} from './user-helpers.ts';

/* Settings: the identity verification level, and "Download my data" behind the password. */

setUpUserSuite({ asAdmin: false });

describe('your data in Settings at desktop width', () => {
  beforeEach(() => openFreshPage(VIEWPORTS.desktop));

  it('shows the person unverified and downloads a zip of their data once they enter their password', async () => {
    const user = await signUpUser(api, 'Grace Hopper');
    await openSignedIn(page, user, '/user/overview');
    await openAccountMenuItem(page, 'Settings');

    const verification = page.getByRole('region', { name: 'Identity verification' });
    await verification.getByText('Unverified', { exact: true }).waitFor();
    await verification.getByText('None sent yet').waitFor();
    expect(await verification.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(
      '/user/verification',
    );

    await page
      .getByRole('region', { name: 'Your data' })
      .getByRole('button', { name: 'Download my data' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Download my data' });
    await dialog.getByRole('button', { name: 'Download' }).click();
    await waitForAlert(page, DATA_EXPORT_MESSAGES.passwordRequired);
    await dialog.getByLabel('Current password', { exact: true }).fill('Wrong#Guess1');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await waitForAlert(page, MESSAGES.passwordWrong);
    await screenshot(page, 'data-export-dialog-desktop');
    await expectAccessible(page, 'the Download my data dialog');

    await dialog.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`vestora-data-${user.user.userName}-${today}.zip`);
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(entries)).toContain('README.txt');
    const profile = JSON.parse(strFromU8(entries['profile.json'] ?? new Uint8Array()));
    expect(profile).toMatchObject({
      email: user.email,
      fullName: 'Grace Hopper',
      verificationLevel: 'Unverified',
    });

    await page.getByText(DATA_EXPORT_MESSAGES.downloaded).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });
});
