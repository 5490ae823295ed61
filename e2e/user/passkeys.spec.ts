import { rm } from 'node:fs/promises';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../apps/server/src/lib/totp.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import {
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import {
  callApi,
  openAccountMenuItem,
  openSignedIn,
  type SignedInUser,
  signUpUser,
  USER_PASSWORD,
  waitForAlert,
} from './user-helpers.ts';

/*
 * Passkeys in Settings → Security, on the sign-in page and in the dialogs that ask who you are.
 * Chromium's virtual authenticator stands in for the person's device. Passkeys are bound to a
 * domain name, never an IP address, so this file runs a server of its own whose PUBLIC_URL is
 * http://localhost, and the browser opens that.
 */

/** As long as a name may be (60 characters), in words that wrap only at their spaces. */
const LONG_NAME = 'Work laptop in the second-floor meeting room, Chrome profile';

let server: RunningServer;
let dataDir: string;
let baseUrl: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = await freshDataDir();
  server = await startServer({ dataDir, port, env: { PUBLIC_URL: baseUrl } });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
});
afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A new person on this file's server, e-mail confirmed, signed in through the API. */
const newPerson = (fullName: string) => signUpUser(api, fullName, { outboxOf: dataDir });

/** The session the latest sign-in of `userId` opened, as the database keeps it. */
async function newestSessionExpiry(userId: string): Promise<Date> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ expires_at: Date }>(
      'SELECT expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [userId],
    );
    return rows[0]?.expires_at ?? new Date(0);
  } finally {
    await client.end();
  }
}

/**
 * Turns two-factor sign-in on through the API; returns the person's authenticator app. The server
 * takes each time step once, and the current one or the next: a code is of a later step than the one
 * before, after waiting, when need be, for the clock to reach the step before it.
 */
async function turnOnTwoFactor(user: SignedInUser): Promise<() => Promise<string>> {
  const { data } = await callApi<{ data: { secret: string } }>(
    api,
    'POST',
    '/api/user/2fa/setup',
    user.token,
  );
  let lastStep = 0;
  const nextCode = async () => {
    await expect.poll(() => totpStep(new Date()), { timeout: 40_000 }).toBeGreaterThanOrEqual(lastStep);
    lastStep = Math.max(totpStep(new Date()), lastStep + 1);
    return totpCode(data.secret, lastStep);
  };
  await callApi(api, 'POST', '/api/user/2fa/enable', user.token, {
    data: { password: USER_PASSWORD, code: await nextCode() },
  });
  return nextCode;
}

/** Nothing wider than the window, and nothing wider than the dialog when one is open. */
const fitsTheWindow = () =>
  page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
    return (
      document.documentElement.scrollWidth <= document.documentElement.clientWidth &&
      (dialog === null || dialog.scrollWidth <= dialog.clientWidth)
    );
  });

const passkeysPanel = () => page.getByRole('region', { name: 'Passkeys' });
const passkeyItem = (name: string) => passkeysPanel().getByRole('listitem').filter({ hasText: name });

/**
 * Settings → Security → Add a passkey: the password (and the code, when the server asks for it),
 * then the name, then the browser's prompt, which the virtual authenticator answers.
 */
async function addPasskeyInSettings(
  name: string,
  { nextCode, defaultName }: { nextCode?: () => Promise<string>; defaultName?: string } = {},
): Promise<void> {
  await passkeysPanel().getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  if (nextCode) {
    await waitForAlert(page, 'Enter the 6-digit code from your authenticator app.');
    await dialog.getByLabel('Authenticator or recovery code').fill(await nextCode());
    await dialog.getByRole('button', { name: 'Continue' }).click();
  }
  const nameField = dialog.getByLabel('Passkey name');
  // Named after this device by default, as its session is.
  if (defaultName) await expect.poll(() => nameField.inputValue()).toBe(defaultName);
  await nameField.fill(name);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByText('Passkey added.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await passkeyItem(name).waitFor();
}

async function logOut(): Promise<void> {
  await openAccountMenuItem(page, 'Log Out');
  await page.waitForURL('**/signin');
}

async function signInWithPassword(identifier: string): Promise<void> {
  await page.getByLabel('Email or UserName').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Account Login' }).click();
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`passkeys at ${viewportName} width`, () => {
    beforeEach(async () => {
      await context?.close();
      context = await browser.newContext({ viewport, baseURL: baseUrl });
      page = await context.newPage();
      cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
          // As a password manager's passkey: kept in a synced store.
          defaultBackupEligibility: true,
          defaultBackupState: true,
        },
      }));
    });

    it('adds a passkey in Settings, signs in with it alone, and removes it with it', async () => {
      const user = await newPerson('Grace Passkey');
      await page.goto('/signin');
      await signInWithPassword(user.user.userName);
      await page.waitForURL('**/user/overview', { timeout: 15_000 });
      await page.goto('/user/security');
      await passkeysPanel()
        .getByText(/^No passkey yet\. A passkey signs you in without a password, cannot be phished/)
        .waitFor();

      // The password comes first: a new passkey is a new way in.
      await passkeysPanel().getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await waitForAlert(page, 'Enter your current password.');
      await dialog.getByLabel('Current password', { exact: true }).fill('Wrong#Guess1');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await waitForAlert(page, 'The password is not correct.');
      await screenshot(page, `passkey-add-password-${viewportName}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // This browser's session names it after the device: headless Chromium on Linux.
      await addPasskeyInSettings(LONG_NAME, { defaultName: 'Chrome on Linux' });
      const item = passkeyItem(LONG_NAME);
      await item.getByText('Synced', { exact: true }).waitFor();
      await item.getByText('Never used', { exact: true }).waitFor();
      await item.getByText(/^Added \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
      await expect.poll(fitsTheWindow).toBe(true);
      await screenshot(page, `passkeys-panel-${viewportName}`);
      await expectAccessible(page, 'Settings → Security with a passkey');

      // A second passkey is added with the first, never with the password (decision 018). This
      // authenticator already holds one for the account, so it declines to make another.
      await passkeysPanel().getByRole('button', { name: 'Add a passkey' }).click();
      await dialog.getByText('Confirm with a passkey you already have').waitFor();
      expect(await dialog.getByLabel('Current password', { exact: true }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Confirm with a passkey' }).click();
      await dialog.getByLabel('Passkey name').fill('Second');
      await dialog.getByRole('button', { name: 'Create passkey' }).click();
      await waitForAlert(page, 'This passkey is already registered.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await passkeysPanel().getByRole('listitem').count()).toBe(1);

      // Signed out, then in again with the passkey alone: no name, no password. Remember me holds.
      await logOut();
      await page.getByLabel('Remember me').check();
      await screenshot(page, `passkey-sign-in-${viewportName}`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByText('Login successful').waitFor();
      await page.waitForURL('**/user/overview', { timeout: 15_000 });
      const expiry = await newestSessionExpiry(user.user._id);
      expect(expiry.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

      await page.goto('/user/security');
      await item.getByText(/^Last used /).waitFor();

      // Removed with the passkey itself instead of the password.
      await item.getByRole('button', { name: `Remove ${LONG_NAME}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey' });
      await confirm.getByText(`“${LONG_NAME}” will no longer sign you in`).waitFor();
      await expect.poll(fitsTheWindow).toBe(true);
      await screenshot(page, `passkey-remove-${viewportName}`);
      await expectAccessible(page, 'the Remove this passkey dialog');
      await confirm.getByRole('button', { name: 'Use a passkey instead' }).click();
      await page.getByText('Passkey removed. Your other sessions have ended.').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await passkeysPanel()
        .getByText(/^No passkey yet\./)
        .waitFor();

      // Gone from the server too: it signs no one in any more.
      await logOut();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await waitForAlert(page, 'The passkey could not be verified.');
    });

    it('answers the second factor of a password sign-in at once; the code stays available', async () => {
      const user = await newPerson('Katherine Passkey');
      const nextCode = await turnOnTwoFactor(user);
      await openSignedIn(page, user, '/user/security');
      // With two-factor on, adding a passkey asks for the code after the password.
      await addPasskeyInSettings('Phone', { nextCode });

      // The password, then the passkey answers for the code: no code typed.
      await logOut();
      await signInWithPassword(user.user.userName);
      await page.getByText('Login successful').waitFor();
      await page.waitForURL('**/user/overview', { timeout: 15_000 });

      // The prompt waits for a touch that does not come: the person takes the code instead.
      await logOut();
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
      await signInWithPassword(user.user.userName);
      const useCode = page.getByRole('button', { name: 'Use an authenticator code instead' });
      await useCode.waitFor();
      await screenshot(page, `passkey-second-factor-${viewportName}`);
      await useCode.click();
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      await useCode.waitFor({ state: 'detached' });
      await codeField.fill(await nextCode());
      await page.getByRole('button', { name: 'Account Login' }).click();
      await page.waitForURL('**/user/overview', { timeout: 15_000 });
    }, 120_000);

    it('confirms an e-mail change and closing the account with a passkey instead of the password', async () => {
      const user = await newPerson('Dorothy Passkey');
      const newEmail = `moved.${user.user.userName}@example.com`;
      await openSignedIn(page, user, '/user/security');
      // Without a passkey, only the password is offered.
      await page.getByRole('button', { name: 'Close account' }).click();
      const closing = page.getByRole('alertdialog', { name: 'Close your account' });
      await closing.getByLabel('Current password', { exact: true }).waitFor();
      expect(await closing.getByRole('button', { name: 'Use a passkey instead' }).count()).toBe(0);
      await closing.getByRole('button', { name: 'Keep my account' }).click();
      await addPasskeyInSettings('Laptop');

      await page.goto('/user/profile');
      await page
        .getByRole('region', { name: 'Personal information' })
        .getByRole('button', { name: /^Email/ })
        .click();
      const profile = page.getByRole('dialog', { name: 'Update Profile' });
      await profile.getByLabel('Fullname').waitFor();
      await profile.getByLabel('Email').fill(newEmail);
      await profile.getByRole('button', { name: 'Use a passkey instead' }).click();
      await page.getByText('Profile updated successfully.').waitFor();
      await profile.waitFor({ state: 'detached' });
      await page
        .getByRole('region', { name: 'Personal information' })
        .getByRole('button', { name: /^Email/ })
        .filter({ hasText: newEmail })
        .waitFor();

      await page.goto('/user/security');
      await page.getByRole('button', { name: 'Close account' }).click();
      await closing.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
      await closing.getByRole('button', { name: 'Use a passkey instead' }).click();
      await page.waitForURL('**/signin');
      const signIn = await api.post('/api/user/login', {
        data: { userNameOrEmail: user.user.userName, password: USER_PASSWORD },
      });
      expect(signIn.status()).toBe(401);
    });
  });
}
