import { createHmac, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@vestora/shared';
import pg from 'pg';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSection, snapshot } from '../admin-console/console-helpers.ts';
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
 * A server of its own, allowed to deliver to 127.0.0.1 over plain http, where this file's receiver
 * listens; the test also makes the administrator's password confirmation stale in the database.
 */

/** One request as the receiver saw it: the Standard Webhooks headers and the body. */
interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** What a tool that answers badly sends back: longer than the kilobyte the console keeps. */
const ERROR_PAGE = `<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>${'The accounting sync could not store the event because its database is being migrated; try again later. '.repeat(14)}</p></body></html>`;

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let api: APIRequestContext;
let context: BrowserContext | undefined;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
let answerStatus = 200;
let admin: { token: string; id: string; data: unknown };

beforeAll(async () => {
  receiver = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const header = (name: string) => String(incoming.headers[name] ?? '');
      received.push({
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answerStatus === 200)
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else response.writeHead(answerStatus, { 'content-type': 'text/html' }).end(ERROR_PAGE);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  // Long, as an operator's tool may well name its hook: the console must wrap it, not overflow.
  receiverUrl = `http://127.0.0.1:${port}/integrations/vestora/production/webhooks/accounting-sync/v2/receive?tenant=acme-holdings-international&channel=deposits-withdrawals-and-users`;

  dataDir = await freshDataDir();
  server = await startServer({
    dataDir,
    env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_SECONDS: '1' },
  });
  browser = await launchBrowser();
  api = await request.newContext({ baseURL: server.baseUrl });
  const { token, user } = await logInApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
  admin = { token, id: user._id, data: user };
});
afterAll(async () => {
  await context?.close();
  await api?.dispose();
  await browser?.close();
  if (server) await stopServer(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
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

/**
 * Whether `secret` signed the request, by the Standard Webhooks algorithm written out: base64
 * HMAC-SHA256, keyed by the base64 part of the `whsec_` secret, of `id.timestamp.body`.
 */
function isSignedWith(secret: string, { id, timestamp, body, signature }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return signature.split(' ').includes(`v1,${expected}`);
}

/** The first request whose body is an event of `type`, once the receiver has it. */
async function receivedEvent(type: string): Promise<Received> {
  const isOfType = (request: Received) => (JSON.parse(request.body) as { type: string }).type === type;
  await expect.poll(() => received.some(isOfType)).toBe(true);
  return received.find(isOfType) as Received;
}

async function signUp(userName: string): Promise<void> {
  const password = 'Hook#Catch42';
  await callApi(api, 'POST', '/api/user/signup', null, {
    data: {
      fullName: 'Grace Hopper',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    },
  });
}

async function openConsole(viewport: { width: number; height: number }): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport, baseURL: server.baseUrl });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.evaluate((root) => localStorage.setItem('root', JSON.stringify(root)), {
    token: admin.token,
    tradeUser: admin.data,
  });
  await page.goto('/admin/testing');
  return page;
}

describe('webhooks in the console', () => {
  it('the administrator adds an endpoint, copies its secret once, and follows signed deliveries, a failure and a redelivery', async () => {
    await sql("update sessions set reauthenticated_at = now() - interval '2 hours' where user_id = $1", [
      admin.id,
    ]);
    const page = await openConsole(VIEWPORTS.desktop);
    await openSection(page, 'Webhooks');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByLabel('URL').fill(receiverUrl);
    await form.getByLabel('Description (optional)').fill('Accounting sync');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText(WEBHOOK_MESSAGES.eventTypesRequired).waitFor();
    await form.getByLabel('All event types').check();
    expect(await form.getByRole('checkbox', { checked: true }).count()).toBe(16);
    await snapshot(page, 'webhooks-add-desktop');
    await form.getByLabel('All event types').uncheck();
    await form.getByLabel('User registered').check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByLabel('Current password', { exact: true }).fill(E2E_ADMIN.password);
    await confirm.getByRole('button', { name: 'Confirm and continue' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret of the new endpoint' });
    const secretText = shown.getByLabel('Signing secret');
    await secretText.waitFor();
    const secret = (await secretText.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await shown.getByText('it will not be shown again.').waitFor();
    await shown.getByRole('button', { name: 'Copy secret' }).waitFor();
    await snapshot(page, 'webhooks-secret-desktop');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByText(secret).count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: 'Accounting sync' });
    await row.getByText('Enabled').waitFor();
    await row.getByText('1 event type').waitFor();
    await row.getByRole('link', { name: 'Open the endpoint Accounting sync' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(WEBHOOK_MESSAGES.testQueued).first().waitFor();
    const testEvent = await receivedEvent('webhook.test');
    expect(isSignedWith(secret, testEvent)).toBe(true);
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const testRow = deliveries.getByRole('row').filter({ hasText: 'Test event' });
    await testRow.getByText('Succeeded').waitFor();

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = (await rotated.getByLabel('Signing secret').textContent()) ?? '';
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await rotated.waitFor({ state: 'detached' });
    await page.getByText('The previous one signs too until').waitFor();

    const userName = `hopper${randomBytes(3).toString('hex')}`;
    await signUp(userName);
    const registered = await receivedEvent('user.registered');
    // During the overlap each delivery carries both signatures: the receiver may hold either secret.
    expect(isSignedWith(newSecret, registered)).toBe(true);
    expect(isSignedWith(secret, registered)).toBe(true);
    expect(JSON.parse(registered.body)).toMatchObject({ type: 'user.registered', data: { userName } });
    await page.reload();
    const registeredRow = deliveries.getByRole('row').filter({ hasText: registered.id });
    await registeredRow.getByText('User registered').waitFor();
    await registeredRow.getByText('Succeeded').waitFor();
    await registeredRow.getByText('200', { exact: true }).waitFor();

    // Two more people, for a log of several deliveries; then the receiver breaks.
    await signUp(`lovelace${randomBytes(3).toString('hex')}`);
    await signUp(`turing${randomBytes(3).toString('hex')}`);
    await expect.poll(() => received.length).toBe(4);
    answerStatus = 500;
    await page.reload();
    await expect.poll(() => deliveries.getByText('Succeeded').count()).toBe(4);

    await registeredRow
      .getByRole('button', { name: `Show the attempts of User registered ${registered.id}` })
      .click();
    const details = page.getByRole('cell').filter({ has: page.getByRole('heading', { name: /^Attempts/ }) });
    await details.getByText('Attempt 1').waitFor();
    await details.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(WEBHOOK_MESSAGES.redeliveryQueued).first().waitFor();
    await details.getByText('Attempt 2').waitFor();
    const failed = details.getByRole('listitem').filter({ hasText: 'Attempt 2' });
    await failed.getByText('500', { exact: true }).waitFor();
    await failed.getByText('The accounting sync could not store the event').waitFor();
    await registeredRow.getByText('Pending').waitFor();
    await registeredRow.getByText('Next try').waitFor();
    // Redelivered with the same webhook-id, so the receiver can tell it has seen the event.
    expect(received.filter((request) => request.id === registered.id).length).toBeGreaterThanOrEqual(2);

    await snapshot(page, 'webhooks-endpoint-desktop');
    await expectAccessible(page, '/admin/webhooks/:id');
    await page.getByRole('link', { name: 'All webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await row.getByText('1 waiting').waitFor();
    await snapshot(page, 'webhooks-list-desktop');
    await expectAccessible(page, '/admin/webhooks');
  });

  it('reads well at phone width', async () => {
    const page = await openConsole(VIEWPORTS.phone);
    await openSection(page, 'Webhooks');
    const row = page.getByRole('row').filter({ hasText: 'Accounting sync' });
    await row.getByText('1 event type').click();
    await row.getByText('User registered').waitFor();
    await snapshot(page, 'webhooks-list-phone');

    await row.getByRole('link', { name: 'Open the endpoint Accounting sync' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const redelivered = deliveries.getByRole('row').filter({ hasText: 'Pending' });
    await redelivered.getByRole('button', { name: /^Show the attempts of User registered/ }).click();
    await page.getByText('Attempt 2').waitFor();
    await snapshot(page, 'webhooks-endpoint-phone');
  });
});
