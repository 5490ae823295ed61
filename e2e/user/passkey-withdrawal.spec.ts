import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { callApi, ETH_ADDRESS, logInApi } from './user-helpers.ts';

/*
 * A person with a passkey confirms each withdrawal and each new address with it, in a dialog that
 * shows what the passkey signs. Chromium's virtual authenticator stands in for the person's device.
 * Passkeys are bound to a domain name, never an IP address, so this file runs a server of its own
 * whose PUBLIC_URL is http://localhost, and the browser opens that; its cool-off is the default 24
 * hours, so a saved address is aged in the database to be past it.
 */

/** A pay-to-witness-script-hash address (BIP 173's example): at 62 characters, as long as they come. */
const LONG_BTC_ADDRESS = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const PASSWORD = 'Passkey#Pass1';

let server: RunningServer;
let dataDir: string;
let baseUrl: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    port,
    env: { WITHDRAWAL_ADDRESS_COOLOFF_HOURS: '24', PUBLIC_URL: baseUrl },
  });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: baseUrl });
  adminToken = (await logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password)).token;
});
afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shared `callApi`, with a JSON body as this file writes its calls. */
function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, token: string | null, data?: unknown) {
  return callApi<T>(api, method, path, token, data === undefined ? {} : { data });
}

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A verified person with $500 and, when asked, a saved address already past its cool-off. */
async function fundedPerson({ savedAddress }: { savedAddress?: string } = {}) {
  const tag = randomBytes(4).toString('hex');
  const email = `ada${tag}@example.com`;
  await call('POST', '/api/user/signup', null, {
    fullName: 'Ada Passkey',
    userName: `ada${tag}`,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await call('POST', '/api/user/confirmEmail', null, {
    token: await confirmationTokenFromOutbox(dataDir, email),
  });
  const { token, user } = await logInApi(api, email, PASSWORD);
  await call('PUT', `/api/admin/verifyUser/${user._id}`, adminToken);
  await call('PUT', `/api/admin/creditOrDebit/${user._id}`, adminToken, {
    mode: 'credit',
    amount: 500,
    reason: 'funding',
  });
  if (savedAddress) {
    // Saved by password before the passkey exists; then aged past the 24-hour cool-off.
    const { data } = await call<{ data: { _id: string } }>('POST', '/api/user/addresses', token, {
      coin: 'btc',
      address: savedAddress,
      label: 'Cold wallet',
      password: PASSWORD,
    });
    await sql(`UPDATE withdrawal_addresses SET usable_at = now() - interval '1 minute' WHERE id = $1`, [
      data._id,
    ]);
  }
  return { token, id: user._id };
}

/**
 * Signs the person in in the page, gives the browser a virtual authenticator and registers a
 * passkey on it through the API (options after the password, then `navigator.credentials.create`
 * in the page, whose origin the server checks), as Settings → Security does.
 */
async function signInWithPasskey(person: { token: string; id: string }): Promise<string> {
  await page.goto('/policy');
  const profile = await call<{ data: unknown }>('GET', `/api/user/userprofile/${person.id}`, person.token);
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: person.token,
    tradeUser: profile.data,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const { data: registration } = await call<{
    data: { challengeId: string; options: { challenge: string; user: { id: string } } };
  }>('POST', '/api/user/passkeys/registration', person.token, { password: PASSWORD });
  const response = await page.evaluate(async (options) => {
    const bytes = (base64url: string) =>
      Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const text = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const credential = (await navigator.credentials.create({
      publicKey: {
        ...(options as unknown as PublicKeyCredentialCreationOptions),
        challenge: bytes(options.challenge),
        user: {
          ...(options as unknown as PublicKeyCredentialCreationOptions).user,
          id: bytes(options.user.id),
        },
        excludeCredentials: [],
      },
    })) as PublicKeyCredential;
    const attestation = credential.response as AuthenticatorAttestationResponse;
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: 'public-key',
      response: {
        clientDataJSON: text(attestation.clientDataJSON),
        attestationObject: text(attestation.attestationObject),
        transports: attestation.getTransports(),
      },
      clientExtensionResults: {},
    };
  }, registration.options);
  await call('POST', '/api/user/passkeys', person.token, {
    challengeId: registration.challengeId,
    name: 'Virtual authenticator',
    response,
  });
  return authenticatorId;
}

async function withdrawalsOf(token: string) {
  const { data } = await call<{ data: { amount: number; address: string; status: string }[] }>(
    'GET',
    '/api/user/withdrawals',
    token,
  );
  return data;
}

const availableBalance = () =>
  page.getByText('Available balance').locator('xpath=following-sibling::p').textContent();

/** Nothing wider than the window: the long address wraps inside the dialog instead. */
const fitsTheWindow = () =>
  page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    const box = dialog?.getBoundingClientRect();
    return (
      document.documentElement.scrollWidth <= document.documentElement.clientWidth &&
      box !== undefined &&
      box.left >= 0 &&
      box.right <= window.innerWidth &&
      dialog !== null &&
      dialog.scrollWidth <= dialog.clientWidth
    );
  });

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`passkey confirmations at ${viewportName} width`, () => {
    beforeEach(async () => {
      await context?.close();
      context = await browser.newContext({ viewport, baseURL: baseUrl });
      page = await context.newPage();
    });

    it('shows what the passkey signs for a withdrawal, sends nothing on cancel, then withdraws', async () => {
      const person = await fundedPerson({ savedAddress: LONG_BTC_ADDRESS });
      const authenticatorId = await signInWithPasskey(person);
      await page.goto('/user/withdraw');
      await page
        .getByRole('region', { name: 'Withdrawal addresses' })
        .getByRole('listitem')
        .filter({ hasText: LONG_BTC_ADDRESS })
        .getByText('Ready for withdrawals')
        .waitFor();
      await expect.poll(availableBalance).toBe('$500.00');

      const fillRequest = async () => {
        await page.getByLabel('Amount (USD)').fill('200');
        await page.getByLabel('Destination address').fill(LONG_BTC_ADDRESS);
        await page.getByRole('button', { name: 'WITHDRAW' }).click();
      };
      await fillRequest();
      const dialog = page.getByRole('dialog', { name: 'Confirm with your passkey' });
      const details = dialog.getByRole('definition');
      await expect
        .poll(() => details.allTextContents())
        .toEqual([
          '$200.00',
          'Bitcoin',
          'Cold wallet',
          LONG_BTC_ADDRESS,
          expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/),
        ]);
      await expect.poll(fitsTheWindow).toBe(true);
      await screenshot(page, `passkey-withdrawal-confirm-${viewportName}`);
      await expectAccessible(page, '/user/withdraw, passkey confirmation');

      // Cancelled: the dialog says nothing was sent, and nothing was.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('status').filter({ hasText: 'Withdrawal cancelled: nothing was sent.' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await withdrawalsOf(person.token)).toEqual([]);

      // The passkey refuses (no user verification): the dialog stays, says so, and sends nothing.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
      await page.getByRole('button', { name: 'WITHDRAW' }).click();
      await dialog.getByRole('button', { name: 'Confirm with passkey' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'The passkey prompt was closed before it finished. Nothing was sent.' })
        .waitFor();
      expect(await withdrawalsOf(person.token)).toEqual([]);

      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
      await dialog.getByRole('button', { name: 'Confirm with passkey' }).click();
      await page.getByText('Withdrawal request submitted.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(availableBalance).toBe('$300.00');
      const pendingRequest = page
        .getByRole('region', { name: 'Your withdrawal requests' })
        .getByRole('listitem')
        .filter({ hasText: LONG_BTC_ADDRESS });
      await pendingRequest.filter({ hasText: 'pending' }).waitFor();
      expect(await withdrawalsOf(person.token)).toEqual([
        expect.objectContaining({ amount: 200, address: LONG_BTC_ADDRESS, status: 'pending' }),
      ]);
      await expect.poll(() => page.getByLabel('Amount (USD)').inputValue()).toBe('');

      // The server itself asks for the passkey: a request without one is refused.
      const unconfirmed = await api.post('/api/user/withdraw', {
        headers: { authorization: `Bearer ${person.token}` },
        data: { amount: 10, method: 'btc', address: LONG_BTC_ADDRESS },
      });
      expect(unconfirmed.status()).toBe(400);
      expect(await unconfirmed.json()).toMatchObject({ message: 'Confirm with your passkey.' });
    });

    it('adds an address confirmed by a passkey bound to its coin and address, without the password', async () => {
      const person = await fundedPerson();
      await signInWithPasskey(person);
      await page.goto('/user/withdraw');
      const book = page.getByRole('region', { name: 'Withdrawal addresses' });
      await book.getByText('No saved addresses yet.').waitFor();

      await book.getByRole('button', { name: 'Add address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a withdrawal address' });
      await dialog.getByText('Your passkey confirms this coin and address.').waitFor();
      expect(await dialog.getByLabel('Current password', { exact: true }).count()).toBe(0);
      await dialog.getByLabel('Coin').selectOption({ label: 'Ethereum' });
      await dialog.getByLabel('Address', { exact: true }).fill(ETH_ADDRESS);
      await dialog.getByLabel('Label').fill('Exchange');
      await dialog.getByRole('button', { name: 'Continue' }).click();

      const details = dialog.getByRole('definition');
      const expected = [
        'Ethereum',
        'Exchange',
        ETH_ADDRESS,
        expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/),
      ];
      await expect.poll(() => details.allTextContents()).toEqual(expected);
      // Back keeps what was typed.
      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => dialog.getByLabel('Address', { exact: true }).inputValue()).toBe(ETH_ADDRESS);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => details.allTextContents()).toEqual(expected);
      await expect.poll(fitsTheWindow).toBe(true);
      await screenshot(page, `passkey-address-confirm-${viewportName}`);
      await expectAccessible(page, '/user/withdraw, passkey confirmation of an address');

      await dialog.getByRole('button', { name: 'Confirm with passkey' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(/^Address saved\./).waitFor();
      const saved = book.getByRole('listitem').filter({ hasText: ETH_ADDRESS });
      await saved.getByText(/^Waiting period: usable from /).waitFor();
      const { data } = await call<{ data: { coin: string; address: string; label: string }[] }>(
        'GET',
        '/api/user/addresses',
        person.token,
      );
      expect(data).toEqual([
        expect.objectContaining({ coin: 'eth', address: ETH_ADDRESS, label: 'Exchange' }),
      ]);
    });
  });
}
