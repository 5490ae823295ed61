import { rm } from 'node:fs/promises';
import {
  API_KEY_MESSAGES,
  type ApiKey,
  permissionMissingMessage,
  STAFF_PERMISSION_LABELS,
} from '@vestora/shared';
import pg from 'pg';
import { type APIRequestContext, type Browser, type BrowserContext, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot } from '../admin-console/console-helpers.ts';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';
import { callApi, logInApi } from '../user/user-helpers.ts';

/*
 * A server of its own: the test makes the administrator's password confirmation stale in the
 * database, so that creating a key asks for it.
 */
let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
const contexts: BrowserContext[] = [];
let admin: { token: string; id: string; data: unknown };

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: server.baseUrl });
  const { token, user } = await logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
  admin = { token, id: user._id, data: user };
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A call with the key, as the operator's own tool makes it: status and message. */
async function callWithKey(secret: string, method: 'GET' | 'PUT', path: string) {
  const response = await api.fetch(path, { method, headers: { authorization: `Bearer ${secret}` } });
  return { status: response.status(), message: ((await response.json()) as { message?: string }).message };
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  describe(`API keys at ${viewportName} width`, () => {
    it('the administrator creates a key after confirming their password, sees its secret once, and revokes it', async () => {
      const name = `CRM sync ${viewportName}`;
      await sql("update sessions set reauthenticated_at = now() - interval '2 hours' where user_id = $1", [
        admin.id,
      ]);
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/signin');
      await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
        token: admin.token,
        tradeUser: admin.data,
      });
      await page.goto('/admin/api-keys');
      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();

      await page.getByRole('button', { name: 'Create key' }).click();
      const form = page.getByRole('dialog', { name: 'New API key' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Expires after').selectOption({ label: '30 days' });
      await form.getByLabel('read users', { exact: true }).check();
      await form.getByLabel('Accepted from (optional)').fill('not-an-address');
      await form.getByRole('button', { name: 'Create key' }).click();
      await form.getByText(API_KEY_MESSAGES.rangeInvalid).waitFor();
      await form.getByLabel('Accepted from (optional)').fill('127.0.0.1, ::1');
      await form.getByRole('button', { name: 'Create key' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
      await confirm.getByLabel('Current password', { exact: true }).fill(E2E_ADMIN.password);
      await confirm.getByRole('button', { name: 'Confirm and continue' }).click();

      const shown = page.getByRole('dialog', { name: `Copy the secret of ${name}` });
      const secretText = shown.getByLabel('Secret of the new key');
      await secretText.waitFor();
      const secret = (await secretText.textContent()) ?? '';
      expect(secret).toMatch(/^vst_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: 'Copy secret' }).waitFor();
      await snapshot(page, `api-keys-secret-${viewportName}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText('Active').waitFor();
      await row.getByText('Never').waitFor();
      expect(await page.getByText(secret).count()).toBe(0);

      expect(await callWithKey(secret, 'GET', '/api/user/getallusers')).toMatchObject({ status: 200 });
      expect(await callWithKey(secret, 'PUT', `/api/admin/verifyUser/${admin.id}`)).toEqual({
        status: 403,
        message: permissionMissingMessage(STAFF_PERMISSION_LABELS['users.manage']),
      });
      await expect
        .poll(async () => {
          const { data } = await callApi<{ data: ApiKey[] }>(api, 'GET', '/api/admin/api-keys', admin.token);
          return data.find((key) => key.name === name)?.lastUsedIp ?? null;
        })
        .toBe('127.0.0.1');
      await page.reload();
      await row.getByText('127.0.0.1', { exact: true }).waitFor();
      await snapshot(page, `api-keys-list-${viewportName}`);
      await expectAccessible(page, '/admin/api-keys');

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      await page
        .getByRole('alertdialog', { name: 'Revoke API key' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await page.getByText(API_KEY_MESSAGES.revoked).first().waitFor();
      await row.getByText('Revoked').waitFor();
      expect(await callWithKey(secret, 'GET', '/api/user/getallusers')).toEqual({
        status: 401,
        message: API_KEY_MESSAGES.revokedKey,
      });
    });
  });
}
