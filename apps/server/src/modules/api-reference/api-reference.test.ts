import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('describes every registered API route in the OpenAPI document', async () => {
  const registered: string[] = [];
  const app = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    onRoute: (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs/assets/');
      for (const method of [route.method].flat()) {
        if (isApi && method !== 'HEAD') registered.push(`${method} ${route.url}`);
      }
    },
  });
  const response = await app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  const described = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  expect(described.sort()).toEqual([...new Set(registered)].sort());
  await app.close();
});

it('serves a readable reference page from local files', async () => {
  const page = await t.app.inject({ url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
  const stylesheets = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  for (const asset of [...scripts, ...stylesheets]) {
    expect(asset.startsWith('/api/docs/')).toBe(true);
    expect((await t.app.inject({ url: asset })).statusCode, asset).toBe(200);
  }
  expect((await t.app.inject({ url: '/api/docs/assets/package.json' })).statusCode).toBe(404);
});
