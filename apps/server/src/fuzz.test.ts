import type { HttpMethod } from '@vestora/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fundUser, ledgerHealth, requestDeposit } from '../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../test/test-app.ts';
import { buildApp } from './app.ts';

/**
 * Throws thousands of generated requests at every route, as nobody, as a user and as an admin:
 * no request may crash the server (5xx), reach what its role may not, leak another person's
 * data, or move money.
 */

const REQUESTS = 5000;
// Revoking the fuzzer's own tokens would only test the logout route 5,000 times.
const SKIPPED = new Set(['POST /api/user/logout']);
const OWN_RECORD_WRITES = [
  'POST /api/user/signup',
  'POST /api/user/deposit',
  'POST /api/user/support',
  'PUT /api/user/notifications/read',
  'PUT /api/user/profile',
  'POST /api/user/2fa/setup',
  // Ends the caller's other sessions; the one asking stays signed in.
  'DELETE /api/user/sessions',
  // Takes no input: an admin publishing a proof-of-liabilities snapshot reads balances, moves nothing.
  'POST /api/admin/liabilities/snapshots',
  // Takes no input: a one-use sign-in challenge, void in five minutes; it names no account.
  'POST /api/auth/passkey/options',
];

let t: TestApp;
let app: FastifyInstance;
// Every API route is registered from a contract, whose method is one of the four `HttpMethod`s.
const routes: { method: HttpMethod; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({ login: { maxFailures: 1_000_000, windowMs: 60_000 } });
  app = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    onRoute: (route) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if (method !== 'HEAD' && !SKIPPED.has(key))
          routes.push({ method: method as HttpMethod, url: route.url });
      }
    },
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '0', '-1', '1e5', '12.345', 'NaN', 'Infinity', '1000000000000000', 'null', 'true'),
  fc.constantFrom(
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '\u0000',
    '🙂'.repeat(40),
  ),
  fc.constant('x'.repeat(5000)),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const fieldNames = fc.constantFrom(
  'mode',
  'amount',
  'reason',
  'method',
  'address',
  'txHash',
  'userNameOrEmail',
  'password',
  'confirmPassword',
  'fullName',
  'userName',
  'email',
  'rememberMe',
  'add',
  'type',
  'page',
  'pageSize',
  'status',
  '__proto__',
  'constructor',
  'prototype',
);
const pollution = fc.constantFrom(
  '{"__proto__":{"isAdmin":true,"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"mode":"credit","amount":10,"__proto__":{"amount":999999}}',
);
const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const jsonBody = fc.oneof(
  fc
    .dictionary(fieldNames, fc.oneof(scalar, fc.jsonValue({ maxDepth: 3 })))
    .map((body) => JSON.stringify(body)),
  fc.jsonValue({ maxDepth: 4 }).map((body) => JSON.stringify(body)),
  pollution,
  deepNesting,
  fc.constantFrom('{', '{"amount":', 'not json at all', '[]', 'null', '""'),
);

const requestArbitrary = (ids: string[]) =>
  fc.record({
    routeIndex: fc.nat(),
    role: fc.constantFrom('nobody' as const, 'user' as const, 'admin' as const),
    id: fc.oneof(fc.constantFrom(...ids), fc.uuid(), text),
    query: fc.dictionary(fieldNames, text, { maxKeys: 3 }),
    body: fc.option(jsonBody, { nil: undefined }),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=nothing',
      'application/x-www-form-urlencoded',
      undefined,
    ),
  });

it(`answers ${REQUESTS} generated requests with no 5xx, no role escape, no leak and no money moved`, async () => {
  const adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  const fuzzer = await signUpAndLogin(t.app);
  const victim = await signUpAndLogin(t.app);
  await fundUser(t.app, adminToken, victim.user._id, 500);
  await requestDeposit(t.app, victim.token, '75');
  const victimDeposit = (
    await t.app.inject({ url: '/api/user/transactions', headers: bearer(victim.token) })
  ).json().data[0]._id as string;
  const ledgerBefore = await ledgerHealth(t.app, adminToken);
  const tokens = { nobody: undefined, user: fuzzer.token, admin: adminToken };

  // Which routes answer anonymous callers at all (signup, login, public pages of data).
  const isGuarded = new Map<string, boolean>();
  for (const route of routes) {
    const probe = await app.inject({ method: route.method, url: route.url.replace(/:\w+/g, 'x') });
    isGuarded.set(`${route.method} ${route.url}`, probe.statusCode === 401);
  }

  // Real ids let the fuzzer try other people's records; an admin acting on a real record with a
  // well-formed request is legitimate, so admins only get ids that match nothing.
  const realIds = [victim.user._id, victimDeposit, fuzzer.user._id];
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const samples = fc.sample(requestArbitrary(realIds), {
    numRuns: REQUESTS,
    seed: 20261122,
  });
  const statuses = new Map<number, number>();
  for (const sample of samples) {
    const route = routes[sample.routeIndex % routes.length];
    if (!route) throw new Error('no routes registered');
    const key = `${route.method} ${route.url}`;
    const id = sample.role === 'admin' && realIds.includes(sample.id) ? unknownId : sample.id;
    const path = route.url.replace(/:\w+/g, encodeURIComponent(id));
    const token = tokens[sample.role];
    const hasBody = !['GET', 'DELETE'].includes(route.method) && sample.body !== undefined;
    const response = await app.inject({
      method: route.method,
      url: path,
      query: sample.query,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(hasBody && sample.contentType ? { 'content-type': sample.contentType } : {}),
      },
      ...(hasBody ? { payload: sample.body } : {}),
    });
    const status = response.statusCode;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const label = `${key} as ${sample.role} → ${status}: ${response.body.slice(0, 200)}`;

    expect(status, label).toBeLessThan(500);
    // 414 (an over-long id) is refused by the router before any route, guard or handler runs.
    const reachedRoute = status !== 414;
    if (reachedRoute && sample.role === 'nobody' && isGuarded.get(key)) expect(status, label).toBe(401);
    if (reachedRoute && sample.role === 'user' && route.url.startsWith('/api/admin')) {
      expect(status, label).toBe(403);
    }
    if (sample.role !== 'admin') expect(response.body, label).not.toContain(victim.input.email);
    if (status < 300 && route.method !== 'GET') {
      // The only writes a random request may complete touch the caller's own records and move no money.
      expect(OWN_RECORD_WRITES, label).toContain(key);
    }
  }

  expect(Object.getPrototypeOf({}).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({}).isAdmin).toBeUndefined();
  const ledgerAfter = await ledgerHealth(t.app, adminToken);
  expect(ledgerAfter).toEqual(ledgerBefore);
  const victimProfile = await t.app.inject({
    url: `/api/user/userprofile/${victim.user._id}`,
    headers: bearer(victim.token),
  });
  expect(victimProfile.json().data).toMatchObject({ accountBalance: 500, deposits: [{ status: 'pending' }] });
  // The run reached the handlers' own validation, not only the guards.
  for (const status of [400, 401, 403, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(100);
  console.log('fuzzed answers by status:', JSON.stringify(Object.fromEntries([...statuses].sort())));
}, 300_000);
