import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@vestora/shared';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { multipart, TINY_PNG } from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  withTestApp,
} from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

// The real limit (5 MiB by default), so the 6 MB upload below meets it as a user's would.
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

async function depositWithProof(token: string, name: string, content: Buffer, type = 'image/png') {
  const { payload, headers } = multipart(
    { mode: 'btc', amount: '100' },
    { field: 'image', name, type, content },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/user/deposit',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

async function storedFileCount(): Promise<number> {
  const { rows } = await t.pool.query<{ count: string }>('select count(*) from stored_files');
  return Number(rows[0]?.count);
}

/** Every file under the data directory, relative to it. */
async function filesUnderDataDir(): Promise<string[]> {
  const entries = await readdir(t.config.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.config.dataDir, path.join(entry.parentPath, entry.name)));
}

/** The admin's row for the user's newest deposit, as the transactions list shows it. */
async function newestRowOf(userId: string) {
  const response = await t.app.inject({
    url: '/api/admin/allTransactions?type=deposit&pageSize=100',
    headers: bearer(adminToken),
  });
  return response
    .json()
    .data.find(
      (row: { userId: string; image: string | null; duplicateProof: boolean }) => row.userId === userId,
    );
}

describe('uploaded proofs of payment', () => {
  it('takes the type from the bytes: an image named .pdf is an image, a PDF is a PDF', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    for (const [name, content, type, served] of [
      ['receipt.pdf', TINY_PNG, 'application/pdf', 'image/png'],
      ['receipt.png', PDF, 'image/png', 'application/pdf'],
    ] as const) {
      expect((await depositWithProof(token, name, content, type)).statusCode).toBe(200);
      const row = await newestRowOf(user._id);
      const file = await t.app.inject({ url: row.image });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(served);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a script named .png, a zero-byte file and a 6 MB file, storing nothing', async () => {
    const { token } = await signUpAndLogin(t.app);
    const before = await storedFileCount();
    const script = await depositWithProof(token, 'proof.png', Buffer.from('#!/bin/sh\nrm -rf /\n'));
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe(MESSAGES.proofType);
    const empty = await depositWithProof(token, 'proof.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.fileEmpty);
    const huge = await depositWithProof(
      token,
      'proof.png',
      Buffer.concat([TINY_PNG, Buffer.alloc(6_000_000)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(MESSAGES.fileTooLarge);
    expect(await storedFileCount()).toBe(before);
  });

  it('serves a PNG with HTML behind its header only as an image that cannot run', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const polyglot = Buffer.concat([
      TINY_PNG,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    expect((await depositWithProof(token, 'proof.html', polyglot, 'text/html')).statusCode).toBe(200);
    const file = await t.app.inject({ url: (await newestRowOf(user._id)).image });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]+\.png"$/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('names stored files itself: a path in the file name writes nothing to disk, the bytes go to the database', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const before = await filesUnderDataDir();
    const content = Buffer.concat([TINY_PNG, Buffer.from(`passwd ${Date.now()}`)]);
    const response = await depositWithProof(token, '../../etc/passwd', content);
    expect(response.statusCode).toBe(200);
    expect(await filesUnderDataDir()).toEqual(before);
    const { rows } = await t.pool.query<{ content: Buffer }>(
      `select c.content from stored_files f join stored_file_contents c on c.file_id = f.id
       where f.owner_id = $1`,
      [user._id],
    );
    expect(rows.map((row) => row.content)).toEqual([content]);
    const served = await t.app.inject({ url: (await newestRowOf(user._id)).image });
    expect(served.rawPayload).toEqual(content);
    expect(served.headers['content-disposition']).not.toContain('passwd');
  });

  it('flags a receipt that an earlier deposit, of anyone, was already sent with', async () => {
    const first = await signUpAndLogin(t.app);
    const second = await signUpAndLogin(t.app);
    const receipt = Buffer.concat([TINY_PNG, Buffer.from(`receipt ${Date.now()}`)]);
    await depositWithProof(first.token, 'mine.png', receipt);
    expect((await newestRowOf(first.user._id)).duplicateProof).toBe(false);
    await depositWithProof(second.token, 'also-mine.png', receipt);
    expect((await newestRowOf(second.user._id)).duplicateProof).toBe(true);
    expect((await newestRowOf(first.user._id)).duplicateProof).toBe(false);
    // A different receipt stays unflagged.
    await depositWithProof(second.token, 'other.png', Buffer.concat([receipt, Buffer.from('!')]));
    expect((await newestRowOf(second.user._id)).duplicateProof).toBe(false);
  });
});

describe('gateway QR codes', () => {
  it('encode exactly the address that depositors are given', async () => {
    const { payload, headers } = multipart({ add: BTC_ADDRESS, type: 'btc' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/postWay',
      payload,
      headers: { ...headers, ...bearer(adminToken) },
    });
    expect(added.statusCode).toBe(201);
    const { token } = await signUpAndLogin(t.app);
    const served = await t.app.inject({ url: '/api/user/getPostByName/btc', headers: bearer(token) });
    const [gateway] = served.json().data;
    const image = PNG.sync.read((await t.app.inject({ url: gateway.image })).rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(gateway.add);
    expect(gateway.add).toBe(BTC_ADDRESS);
  });
});

describe('file URLs in answers', () => {
  const PUBLIC_URL = 'https://invest.example.com';

  /** Every file URL a user and an administrator are answered with, after one of each upload. */
  async function fileUrlsFrom(app: TestApp['app']) {
    const admin = (await login(app, ADMIN.email, ADMIN.password)).token;
    const gatewayForm = multipart({ add: BTC_ADDRESS, type: 'btc' });
    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/postWay',
      payload: gatewayForm.payload,
      headers: { ...gatewayForm.headers, ...bearer(admin) },
    });
    const { token, user } = await signUpAndLogin(app);
    const avatarForm = multipart(
      {},
      { field: 'image', name: 'me.png', type: 'image/png', content: TINY_PNG },
    );
    const avatar = await app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      payload: avatarForm.payload,
      headers: { ...avatarForm.headers, ...bearer(token) },
    });
    const proofForm = multipart(
      { mode: 'btc', amount: '100' },
      { field: 'image', name: 'proof.png', type: 'image/png', content: TINY_PNG },
    );
    await app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      payload: proofForm.payload,
      headers: { ...proofForm.headers, ...bearer(token) },
    });
    const coinGateways = await app.inject({ url: '/api/user/getPostByName/btc', headers: bearer(token) });
    const adminGateways = await app.inject({ url: '/api/admin/getPost', headers: bearer(admin) });
    const profile = await app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    const transactions = await app.inject({
      url: '/api/admin/allTransactions?type=deposit&pageSize=200',
      headers: bearer(admin),
    });
    const proofRow = transactions
      .json()
      .data.find((row: { userId: string; image: string | null }) => row.userId === user._id);
    return {
      urls: {
        addedGateway: added.json().data.image,
        coinGateway: coinGateways.json().data[0].image,
        adminGateway: adminGateways.json().data[0].image,
        avatar: avatar.json().data.avatar,
        profileAvatar: profile.json().data.avatar,
        signedProof: proofRow.image,
      } as Record<string, string>,
      token,
    };
  }

  it('are paths on the answering server while PUBLIC_URL is unset', async () => {
    const { urls } = await fileUrlsFrom(t.app);
    for (const [name, url] of Object.entries(urls)) expect(url, name).toMatch(/^\/api\/files\/[0-9a-f-]{36}/);
  });

  it('start with PUBLIC_URL when it is set, so a front end on another origin loads them from here', async () => {
    const elsewhere = await createTestApp({
      fileUrlBase: loadConfig({ PUBLIC_URL: `${PUBLIC_URL}/` }).fileUrlBase,
    });
    try {
      const { urls, token } = await fileUrlsFrom(elsewhere.app);
      for (const [name, url] of Object.entries(urls)) {
        expect(url, name).toMatch(/^https:\/\/invest\.example\.com\/api\/files\/[0-9a-f-]{36}/);
        // The same file answers at that address: the QR codes and signed links without a token.
        const served = await elsewhere.app.inject({
          url: url.slice(PUBLIC_URL.length),
          headers: name.includes('vatar') ? bearer(token) : {},
        });
        expect(served.statusCode, name).toBe(200);
      }
    } finally {
      await elsewhere.close();
    }
  });
});
