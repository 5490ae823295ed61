import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot } from '../admin-console/console-helpers.ts';
import { launchBrowser, VIEWPORTS } from '../support/browser.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/**
 * On a server of its own: a second administrator makes every gateway change wait for approval,
 * which would hold up the gateways that the other specs add on the shared server.
 */

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const SECOND_ADMIN = {
  fullName: 'Grace Hopper-Second-Administrator-With-A-Long-Name',
  userName: 'graceadmin',
  email: 'grace.second.administrator@example.com',
  password: 'Second#Admin1',
};

let dataDir: string;
let server: RunningServer;
let browser: Browser;
const sessions: { first: string; second: string } = { first: '', second: '' };

async function sessionOf(userNameOrEmail: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userNameOrEmail, password }),
  });
  expect(response.status).toBe(200);
  const body = await response.json();
  return JSON.stringify({ token: body.token, tradeUser: body.data });
}

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await startServer({ dataDir });
  const signUp = await fetch(`${server.baseUrl}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...SECOND_ADMIN, confirmPassword: SECOND_ADMIN.password }),
  });
  expect(signUp.status).toBe(201);
  // An operator promotes someone in the database: the owner role, as the platform grants it (no
  // delay before its approvals count), a minute before anything is proposed.
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  await client.query('update users set is_admin = true where email = $1', [SECOND_ADMIN.email]);
  await client.query(
    "insert into staff_roles (user_id, role, granted_at) select id, 'owner', now() - interval '1 minute' from users where email = $1",
    [SECOND_ADMIN.email],
  );
  await client.end();
  sessions.first = await sessionOf(E2E_ADMIN.email, E2E_ADMIN.password);
  sessions.second = await sessionOf(SECOND_ADMIN.email, SECOND_ADMIN.password);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
});

async function openGateways(
  session: string,
  viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((stored) => localStorage.setItem('root', stored), session);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/admin/gateway`);
  await page.getByRole('heading', { name: 'Payment Gateways' }).waitFor();
  return page;
}

describe('a gateway change with two administrators', () => {
  it('waits for the other administrator, who approves it on a phone', async () => {
    const proposer = await openGateways(sessions.first, VIEWPORTS.desktop);
    await proposer.getByRole('button', { name: 'Add Gateway' }).click();
    const dialog = proposer.getByRole('dialog');
    await dialog.getByLabel('Wallet address').fill(TRON_ADDRESS);
    await dialog.getByLabel('Type').selectOption('usdt');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    await proposer.getByText('Saved for approval').first().waitFor();

    const waiting = proposer.getByRole('region', { name: 'Waiting for approval' }).getByRole('listitem');
    await waiting.filter({ hasText: TRON_ADDRESS }).waitFor();
    await waiting.getByText('Waiting for another administrator to approve it.').waitFor();
    await expect.poll(() => waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expect.poll(() => proposer.getByText('No gateways found.').count()).toBe(1);
    await snapshot(proposer, 'gateway-change-proposed-desktop');
    await proposer.context().close();

    const approver = await openGateways(sessions.second, VIEWPORTS.phone);
    const pending = approver.getByRole('region', { name: 'Waiting for approval' }).getByRole('listitem');
    await pending.filter({ hasText: 'TRON (TRC-20)' }).waitFor();
    await pending.getByText(`Proposed by ${E2E_ADMIN.fullName}`).waitFor();
    await expect
      .poll(() => pending.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(100);
    await snapshot(approver, 'gateway-change-pending-phone');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await approver.getByText('Change approved and applied.').first().waitFor();
    await pending.waitFor({ state: 'detached' });
    const saved = approver.getByRole('listitem').filter({ hasText: TRON_ADDRESS });
    await saved.getByText('Network: TRON (TRC-20)').waitFor();
    await snapshot(approver, 'gateway-change-approved-phone');
    await approver.context().close();
  });
});

describe('exchange rates panel', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`refuses a bad price and saves good ones at ${viewport.width} px`, async () => {
      const page = await openGateways(sessions.first, viewport);
      const panel = page.getByRole('region', { name: 'Exchange rates' });
      await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
      await panel.getByLabel('BTC price (USD)').fill('65,000');
      await panel.getByLabel('ETH price (USD)').fill('3120');
      await panel.getByRole('button', { name: 'Save rates' }).click();
      await panel
        .getByRole('alert')
        .filter({ hasText: 'Enter each rate as a USD price above zero' })
        .waitFor();

      const btc = name === 'phone' ? '64000.5' : '65000.25';
      await panel.getByLabel('BTC price (USD)').fill(btc);
      await panel.getByRole('button', { name: 'Save rates' }).click();
      await page.getByText('Exchange rates saved.').first().waitFor();
      await expect.poll(() => panel.getByText(/^Set /).count()).toBe(2);
      await snapshot(page, `rates-panel-${name}`);

      await page.reload();
      const reloaded = page.getByRole('region', { name: 'Exchange rates' });
      await expect
        .poll(() => reloaded.getByLabel('BTC price (USD)').inputValue())
        .toBe(Number(btc).toFixed(2));
      await expect.poll(() => reloaded.getByLabel('ETH price (USD)').inputValue()).toBe('3120.00');
      await page.context().close();
    });
  }
});
