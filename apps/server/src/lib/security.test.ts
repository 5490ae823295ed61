import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let withCors: TestApp;
beforeAll(async () => {
  const webDistDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-web-'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>Vestora</title>');
  await mkdir(path.join(webDistDir, 'market'));
  await writeFile(path.join(webDistDir, 'market', 'chart.html'), '<!doctype html><title>Chart</title>');
  t = await createTestApp({ webDistDir, trustProxy: 1 });
  withCors = await createTestApp({ corsOrigins: ['https://app.example.com'] });
});
afterAll(async () => {
  await Promise.all([t.close(), withCors.close()]);
});

describe('security headers', () => {
  it('serves app pages with a strict policy: own scripts only, never framed, no sniffing', async () => {
    const response = await t.app.inject({ url: '/user/overview' });
    expect(response.statusCode).toBe(200);
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('puts the same headers on API answers, errors included', async () => {
    const response = await t.app.inject({ url: '/api/user/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the market widget frames their own narrow policy, and only them', async () => {
    const frame = await t.app.inject({ url: '/market/chart.html' });
    expect(frame.statusCode).toBe(200);
    const policy = frame.headers['content-security-policy'];
    expect(policy).toContain("script-src 'unsafe-inline' https://s3.tradingview.com");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("default-src 'none'");
    const page = await t.app.inject({ url: '/user/overview' });
    expect(page.headers['content-security-policy']).not.toContain('tradingview');
  });

  it('sends HSTS only over TLS', async () => {
    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('CORS', () => {
  it('is off by default: no browser on another origin may read the API', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the configured origins', async () => {
    const allowed = await withCors.app.inject({
      url: '/api/user/nothing',
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await withCors.app.inject({
      url: '/api/user/nothing',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a configured origin send every method and header the API reads', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const preflight = await withCors.app.inject({
        method: 'OPTIONS',
        url: '/api/admin/deletePost/00000000-0000-4000-8000-000000000000',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain(method);
      const headers = String(preflight.headers['access-control-allow-headers'])
        .toLowerCase()
        .split(',')
        .map((header) => header.trim());
      expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    }
  });

  it("lets a configured origin's pages show files, and keeps same-origin elsewhere", async () => {
    const file = await withCors.app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await withCors.app.inject({ url: '/api/site' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    const withoutCors = await t.app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(withoutCors.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
