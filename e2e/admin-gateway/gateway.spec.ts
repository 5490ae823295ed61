import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser.ts';
import { E2E_ADMIN } from '../support/server.ts';

const baseUrl = inject('baseUrl');
const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const ETH_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const ETH_QR = await QRCode.toBuffer(ETH_ADDRESS, { type: 'png', width: 200 });

let browser: Browser;
let session: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userNameOrEmail: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  const body = await response.json();
  session = JSON.stringify({ token: body.token, tradeUser: body.data });
});
afterAll(async () => {
  await browser.close();
});

async function openGateways(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> {
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  await context.addInitScript((stored) => localStorage.setItem('root', stored), session);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/gateway`);
  await page.getByRole('heading', { name: 'Payment Gateways' }).waitFor();
  return page;
}

describe('admin gateways', () => {
  it('adds a gateway with a generated QR, refuses a wrong address, copies and deletes', async () => {
    const page = await openGateways(VIEWPORTS.desktop);
    await page.getByRole('button', { name: 'Add Gateway' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Please enter the wallet address and choose its coin.' })
      .waitFor();

    await dialog.getByLabel('Wallet address').fill(BTC_ADDRESS);
    await dialog.getByLabel('Type').selectOption('eth');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Invalid address for this coin.' }).waitFor();

    await dialog.getByLabel('Type').selectOption('btc');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    await page.getByText('Gateway added successfully').first().waitFor();
    const card = page.getByRole('listitem').filter({ hasText: BTC_ADDRESS });
    await card.waitFor();
    const qr = card.getByRole('img');
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(100);

    await card.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(BTC_ADDRESS);
    await screenshot(page, 'admin-gateways-desktop');

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Gateway deleted successfully').first().waitFor();
    await card.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('previews an uploaded QR image on a phone and keeps it as given', async () => {
    const page = await openGateways(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Add Gateway' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Wallet address').fill(ETH_ADDRESS);
    await dialog.getByLabel('Type').selectOption('usdt');
    await dialog
      .getByLabel('QR image (optional)')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: ETH_QR });
    await dialog.getByRole('img', { name: 'Preview of the QR code' }).waitFor();
    await screenshot(page, 'admin-gateway-add-phone');
    await dialog.getByRole('button', { name: 'Add Gateway' }).click();
    const card = page.getByRole('listitem').filter({ hasText: ETH_ADDRESS });
    await card.waitFor();
    const src = await card.getByRole('img').getAttribute('src');
    const served = await page.request.get(`${baseUrl}${src}`);
    expect(Buffer.from(await served.body()).equals(ETH_QR)).toBe(true);
    // Leave no address behind for the deposit tests that share this server.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await card.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
