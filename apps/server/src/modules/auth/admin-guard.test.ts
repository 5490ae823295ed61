import type { HttpMethod } from '@vestora/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Walks every registered /api/admin route, so a route added later cannot forget the guard. */
it('refuses every admin route to a regular user (403) and to no token (401)', async () => {
  // Every API route is registered from a contract, whose method is one of the four `HttpMethod`s.
  const adminRoutes: { method: HttpMethod; url: string }[] = [];
  const app = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    onRoute: (route) => {
      if (!route.url.startsWith('/api/admin')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') adminRoutes.push({ method: method as HttpMethod, url: route.url });
      }
    },
  });
  expect(adminRoutes.length).toBeGreaterThan(0);

  const { token } = await signUpAndLogin(t.app);
  for (const { method, url: pattern } of adminRoutes) {
    const url = pattern.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
    const asUser = await app.inject({ method, url, headers: bearer(token), payload: {} });
    expect(asUser.statusCode, `${method} ${pattern} with a user token`).toBe(403);
    const anonymous = await app.inject({ method, url, payload: {} });
    expect(anonymous.statusCode, `${method} ${pattern} without a token`).toBe(401);
  }
  await app.close();
});
