import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../test/test-app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const BROWSER = 'gzip, deflate, br';
const INDEX_HTML =
  '<!doctype html><title>Vestora</title><script type="module" src="/assets/index-4f9a2c1b.js"></script>';
/** Pages the web build prerendered (apps/web/scripts/prerender.mjs), each the index file with its page in it. */
const PRERENDERED = {
  '/': INDEX_HTML.replace('<script', '<main>Invest in crypto</main><script'),
  '/policy': INDEX_HTML.replace('<script', '<main>Privacy Policy</main><script'),
};
const SCRIPT = `export const greeting = ${JSON.stringify('hello, '.repeat(400))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let webDistDir: string;
let adminToken: string;
beforeAll(async () => {
  // A built web app as the web build leaves it: a content-hashed script and index.html, each with
  // its Brotli and gzip copies.
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await mkdir(path.join(webDistDir, 'pages'));
  for (const [file, content] of [
    ['index.html', INDEX_HTML],
    ['assets/index-4f9a2c1b.js', SCRIPT],
    ['pages/index.html', PRERENDERED['/']],
    ['pages/policy.html', PRERENDERED['/policy']],
  ] as const) {
    await writeFile(path.join(webDistDir, file), content);
    await writeFile(path.join(webDistDir, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(webDistDir, `${file}.gz`), gzipSync(content));
  }
  await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('the web app as the browser gets it', () => {
  it('sends a script Brotli-compressed to a browser, gzip to a client that only takes gzip, plain otherwise', async () => {
    const brotli = await get('/assets/index-4f9a2c1b.js', BROWSER);
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/index-4f9a2c1b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await get('/assets/index-4f9a2c1b.js', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
    for (const response of [brotli, gzip]) expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('lets content-hashed files be cached for a year and has every document revalidated', async () => {
    for (const acceptEncoding of [BROWSER, undefined]) {
      const script = await get('/assets/index-4f9a2c1b.js', acceptEncoding);
      expect(script.headers['cache-control']).toBe(IMMUTABLE);
    }
    for (const url of ['/index.html', '/', '/user/overview', '/admin/transactions', '/favicon.svg']) {
      const response = await get(url, BROWSER);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toBe('Accept-Encoding');
    }
  });

  it('serves the page behind every client route compressed, as the index file', async () => {
    for (const url of ['/user/overview', '/login', '/signup']) {
      const page = await get(url, BROWSER);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('sends a prerendered page for its own path, compressed and revalidated, and only there', async () => {
    for (const [url, html] of Object.entries(PRERENDERED)) {
      const page = await get(url, BROWSER);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
      expect((await get(url)).body, url).toBe(html);
    }
    for (const url of ['/policy/', '/policy/more', '/pages/policy.html', '/pages/index.html']) {
      const page = await get(url, BROWSER);
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('sends a script without the headers only a document obeys, and keeps those a script obeys', async () => {
    const script = await get('/assets/index-4f9a2c1b.js', BROWSER);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Pages, other files (the service worker among them) and the API keep every header.
    for (const url of ['/', '/policy', '/user/overview', '/favicon.svg', '/api/site']) {
      const answer = await get(url, BROWSER);
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers HEAD on pages and files as GET would, without a body', async () => {
    for (const url of ['/', '/policy', '/user/overview', '/assets/index-4f9a2c1b.js']) {
      const head = await get(url, BROWSER, 'HEAD');
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['cache-control'], url).toBe((await get(url, BROWSER)).headers['cache-control']);
    }
    const unknownApi = await get('/api/nothing-here', BROWSER, 'HEAD');
    expect(unknownApi.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  async function listUsers(acceptEncoding?: string) {
    return t.app.inject({
      url: '/api/user/getallusers?pageSize=50',
      headers: { ...bearer(adminToken), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  }

  it('compresses JSON of 1 KiB or more for a client that accepts it, and only then', async () => {
    for (let user = 0; user < 3; user += 1) await signUpAndLogin(t.app);
    const plain = await listUsers();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await listUsers(BROWSER);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gzip = await listUsers('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small JSON as it is', async () => {
    const site = await get('/api/site', BROWSER);
    expect(site.statusCode).toBe(200);
    expect(site.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(site.headers['content-encoding']).toBeUndefined();
    expect(site.json()).toHaveProperty('data');
  });

  it('sends an uploaded image byte for byte, whatever the client accepts', async () => {
    const { payload, headers } = multipart({
      add: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      type: 'btc',
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/postWay',
      payload,
      headers: { ...headers, ...bearer(adminToken) },
    });
    expect(added.statusCode).toBe(201);
    const plain = await get(added.json().data.image);
    const asked = await get(added.json().data.image, BROWSER);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/png');
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.rawPayload.equals(plain.rawPayload)).toBe(true);
  });
});
