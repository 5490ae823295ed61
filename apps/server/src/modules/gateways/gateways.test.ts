import { MESSAGES } from '@vestora/shared';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { multipart, newestDepositId, requestDeposit, TINY_PNG } from '../../../test/money.ts';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import type { Clock } from '../../lib/clock.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const qrOf = (text: string) => QRCode.toBuffer(text, { type: 'png', margin: 2, width: 240 });

const clock = { current: new Date() };
const testClock: Clock = { now: () => clock.current };

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), { uploadMaxBytes: 64 * 1024 }, { clock: testClock });

function postWay(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const { payload, headers } = multipart(fields, file ? { field: 'image', ...file } : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/postWay',
    payload,
    headers: { ...headers, ...bearer(adminToken) },
  });
}

async function auditTotal(action: string): Promise<number> {
  const audit = await t.app.inject({ url: `/api/admin/audit?action=${action}`, headers: bearer(adminToken) });
  return audit.json().total;
}

describe('payment gateways', () => {
  it('adds an address with a generated QR code that anyone can load, and shows it to depositors', async () => {
    const added = await postWay({ add: BTC_ADDRESS, type: 'btc' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      message: MESSAGES.gatewayAdded,
      data: { add: BTC_ADDRESS, type: 'btc' },
    });

    const image = await t.app.inject({ url: added.json().data.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]+\.png"$/);
    expect(image.headers['content-security-policy']).toContain('sandbox');

    const { token } = await signUpAndLogin(t.app);
    const forBitcoin = await t.app.inject({ url: '/api/user/getPostByName/btc', headers: bearer(token) });
    expect(forBitcoin.json().data[0]).toMatchObject({ add: BTC_ADDRESS, image: added.json().data.image });
    for (const mode of ['usdt', 'doge']) {
      const none = await t.app.inject({ url: `/api/user/getPostByName/${mode}`, headers: bearer(token) });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(MESSAGES.noGatewayForCoin);
    }
    const listed = await t.app.inject({ url: '/api/admin/getPost', headers: bearer(adminToken) });
    expect(listed.json().data.map((gateway: { add: string }) => gateway.add)).toContain(BTC_ADDRESS);
  });

  it('refuses an address that is not valid for its coin, and missing fields', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ add: BTC_ADDRESS, type: 'eth' }, 400, MESSAGES.invalidAddress],
      [{ add: ETH_ADDRESS, type: 'btc' }, 400, MESSAGES.invalidAddress],
      [{ add: ETH_ADDRESS.replace('a', 'A'), type: 'eth' }, 400, MESSAGES.invalidAddress],
      [{ add: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', type: 'btc' }, 400, MESSAGES.invalidAddress],
      [{ add: BTC_ADDRESS, type: 'doge' }, 400, MESSAGES.unknownCoin],
      [{ add: '', type: 'btc' }, 400, MESSAGES.gatewayFieldsRequired],
      [{ type: 'btc' }, 400, MESSAGES.gatewayFieldsRequired],
    ];
    for (const [fields, status, message] of cases) {
      const response = await postWay(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().message).toBe(message);
    }
  });

  it('keeps an uploaded image as given, decided by its bytes; SVG, HTML and oversize files are refused', async () => {
    const qr = await qrOf(ETH_ADDRESS);
    const uploaded = await postWay(
      { add: ETH_ADDRESS, type: 'usdt' },
      { name: 'qr.png', type: 'image/png', content: qr },
    );
    expect(uploaded.statusCode).toBe(201);
    const served = await t.app.inject({ url: uploaded.json().data.image });
    expect(served.rawPayload.equals(qr)).toBe(true);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const content of [svg, html]) {
      const refused = await postWay(
        { add: ETH_ADDRESS, type: 'eth' },
        { name: 'qr.png', type: 'image/png', content },
      );
      expect(refused.statusCode).toBe(415);
      expect(refused.json().message).toBe(MESSAGES.gatewayImageType);
    }
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(70 * 1024)]);
    const tooBig = await postWay(
      { add: ETH_ADDRESS, type: 'eth' },
      { name: 'qr.png', type: 'image/png', content: huge },
    );
    expect(tooBig.statusCode).toBe(413);
  });

  it('refuses an uploaded QR image that does not read as the address, and changes nothing', async () => {
    const before = await t.app.inject({ url: '/api/admin/getPost', headers: bearer(adminToken) });
    const auditedBefore = await auditTotal('gateway.add');
    const cases: [string, Buffer, string][] = [
      ['a QR of another address', await qrOf(BTC_ADDRESS), MESSAGES.gatewayQrMismatch],
      [
        'a QR of the address with one character changed',
        await qrOf(ETH_ADDRESS.replace('a', 'b')),
        MESSAGES.gatewayQrMismatch,
      ],
      ['a picture with no QR code', TINY_PNG, MESSAGES.gatewayQrMismatch],
      [
        'a JPEG',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
        MESSAGES.gatewayQrNotPng,
      ],
    ];
    for (const [name, content, message] of cases) {
      const refused = await postWay(
        { add: ETH_ADDRESS, type: 'eth' },
        { name: 'qr.png', type: 'image/png', content },
      );
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message, name).toBe(message);
    }
    const after = await t.app.inject({ url: '/api/admin/getPost', headers: bearer(adminToken) });
    expect(after.json().data).toEqual(before.json().data);
    expect(await auditTotal('gateway.add')).toBe(auditedBefore);
  });

  it('accepts a QR of the address itself, or a payment link to it', async () => {
    const upper = BTC_ADDRESS.toUpperCase();
    for (const [address, type, text] of [
      [BTC_ADDRESS, 'btc', `bitcoin:${upper}?amount=0.01`],
      [ETH_ADDRESS, 'eth', `ethereum:${ETH_ADDRESS}`],
      [TRON_ADDRESS, 'usdt', TRON_ADDRESS],
    ] as const) {
      const accepted = await postWay(
        { add: address, type },
        { name: 'qr.png', type: 'image/png', content: await qrOf(text) },
      );
      expect(accepted.statusCode, text).toBe(201);
      expect(accepted.json().data).toMatchObject({ add: address, type });
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/deletePost/${accepted.json().data._id}`,
        headers: bearer(adminToken),
      });
    }
  });

  it('takes a TRON (TRC-20) address for USDT only, and tells depositors which network it is on', async () => {
    const onEth = await postWay({ add: TRON_ADDRESS, type: 'eth' });
    expect(onEth.statusCode).toBe(400);
    expect(onEth.json().message).toBe(MESSAGES.invalidAddress);
    const broken = await postWay({ add: `${TRON_ADDRESS.slice(0, -1)}8`, type: 'usdt' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(MESSAGES.invalidAddress);

    const added = await postWay({ add: TRON_ADDRESS, type: 'usdt' });
    expect(added.statusCode).toBe(201);
    const { token } = await signUpAndLogin(t.app);
    const served = await t.app.inject({ url: '/api/user/getPostByName/usdt', headers: bearer(token) });
    expect(served.json().data[0]).toMatchObject({ add: TRON_ADDRESS, network: 'tron' });
    const erc20 = await postWay({ add: ETH_ADDRESS, type: 'usdt' });
    const newest = await t.app.inject({ url: '/api/user/getPostByName/usdt', headers: bearer(token) });
    expect(newest.json().data[0]).toMatchObject({ add: ETH_ADDRESS, network: 'ethereum' });
    for (const gateway of [added, erc20]) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/deletePost/${gateway.json().data._id}`,
        headers: bearer(adminToken),
      });
    }
  });

  it('keeps the address and QR a deposit was shown after its gateway is deleted', async () => {
    const added = await postWay({ add: ETH_ADDRESS, type: 'eth' });
    const gateway = added.json().data;
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '150', 'eth');
    const depositId = await newestDepositId(t.app, adminToken, user._id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/deletePost/${gateway._id}`,
      headers: bearer(adminToken),
    });
    expect(deleted.json().message).toBe(MESSAGES.gatewayDeleted);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/deletePost/${gateway._id}`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
    const forEth = await t.app.inject({ url: '/api/user/getPostByName/eth', headers: bearer(token) });
    expect(forEth.statusCode).toBe(404);

    const list = await t.app.inject({
      url: '/api/admin/allTransactions?type=deposit',
      headers: bearer(adminToken),
    });
    const row = list.json().data.find((candidate: { _id: string }) => candidate._id === depositId);
    expect(row.address).toBe(ETH_ADDRESS);
    expect((await t.app.inject({ url: gateway.image })).statusCode).toBe(200);
  });
});

describe('proofs of payment', () => {
  it('open for their owner, for admins, and through a signed link that expires; never for others', async () => {
    const owner = await signUpAndLogin(t.app);
    const stranger = await signUpAndLogin(t.app);
    const { payload, headers } = multipart(
      { mode: 'btc', amount: '80' },
      { field: 'image', name: 'receipt.png', type: 'image/png', content: TINY_PNG },
    );
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      payload,
      headers: { ...headers, ...bearer(owner.token) },
    });
    expect(deposit.statusCode).toBe(200);

    const list = await t.app.inject({
      url: '/api/admin/allTransactions?type=deposit',
      headers: bearer(adminToken),
    });
    const row = list.json().data.find((candidate: { userId: string }) => candidate.userId === owner.user._id);
    expect(row.image).toMatch(/^\/api\/files\/[0-9a-f-]+\?expires=\d+&signature=[0-9a-f]{64}$/);
    const plainUrl = row.image.split('?')[0];

    const viaLink = await t.app.inject({ url: row.image });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['content-type']).toBe('image/png');
    expect(viaLink.headers['cache-control']).toBe('private, no-store');
    expect((await t.app.inject({ url: plainUrl, headers: bearer(owner.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: plainUrl, headers: bearer(adminToken) })).statusCode).toBe(200);

    const refusals = [
      await t.app.inject({ url: plainUrl }),
      await t.app.inject({ url: plainUrl, headers: bearer(stranger.token) }),
      await t.app.inject({
        url: row.image.replace(
          /signature=(.)/,
          (_: string, first: string) => `signature=${first === '0' ? '1' : '0'}`,
        ),
      }),
      await t.app.inject({
        url: row.image.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 99999}`),
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.fileLinkExpired);
    }

    clock.current = new Date(clock.current.getTime() + 6 * 60_000);
    const expired = await t.app.inject({ url: row.image });
    expect(expired.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/files/not-a-file' })).statusCode).toBe(404);
  });
});
