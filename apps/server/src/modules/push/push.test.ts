import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_MESSAGES, type PushMessage } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { newestDepositId, requestDeposit } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { deliverDuePushes, PUSH_TTL_SECONDS } from './push-sender.ts';

/** How long a test waits for the sender (polling every 50 ms), on a busy machine. */
const SENT = { timeout: 5000 };
const LOCAL_PUSH = { allowPrivateNetworks: true, pollIntervalMs: 50, timeoutMs: 1000 };

/** One request as the stand-in push service saw it. */
interface PushRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: records every request and answers with the status `answer` gives. */
async function startPushService(answer: (request: PushRequest) => number) {
  const received: PushRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pushed = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(pushed);
      response.writeHead(answer(pushed)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    to: (path: string) => received.filter((request) => request.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Browser = ReturnType<typeof newBrowser>;

/** A browser's side of a subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
function newBrowser(origin: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/**
 * Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the browser's private key
 * and auth secret, written out here rather than through the library that encrypted it.
 */
function decryptPush(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(
    hkdfSync('sha256', browser.ecdh.computeSecret(serverKey), browser.auth, keyInfo, 32),
  );
  const key = hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12);
  const aes = createDecipheriv('aes-128-gcm', Buffer.from(key), Buffer.from(nonce));
  aes.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([aes.update(record.subarray(0, record.length - 16)), aes.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  expect(padded.subarray(end + 1).every((byte) => byte === 0)).toBe(true);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: signed ES256 by `publicKey`, for this audience. */
function expectVapidAuthorization(header: string | undefined, publicKey: string, audience: string): void {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, head = '', claims = '', signature = '', key = ''] = match ?? [];
  expect(key).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(isValid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  expect(payload).toMatchObject({ aud: audience, sub: 'mailto:support@vestora.local' });
}

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
let service: Awaited<ReturnType<typeof startPushService>>;
/** What the push service answers, by path; 201 unless a test says otherwise. */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  service = await startPushService((request) => answers.get(request.path)?.shift() ?? 201);
  t = await createTestApp({ push: LOCAL_PUSH }, { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
  await service.close();
});

function subscribe(token: string, body: object, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/user/push/subscriptions',
    headers: bearer(token),
    payload: body,
  });
}

async function publicKey(): Promise<string> {
  const response = await t.app.inject({ url: '/api/user/push/publicKey', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json().data.publicKey;
}

/** A user with notifications on in a new browser, and a pending deposit of `amount` to credit. */
async function subscribedDepositor(amount = '150') {
  const { token, user } = await signUpAndLogin(t.app);
  const browser = newBrowser(service.origin);
  const subscribed = await subscribe(token, browser.subscription);
  expect(subscribed.statusCode).toBe(200);
  expect(subscribed.json().message).toBe(PUSH_MESSAGES.subscribed);
  expect((await requestDeposit(t.app, token, amount)).statusCode).toBe(200);
  const depositId = await newestDepositId(t.app, adminToken, user._id);
  return { token, user, browser, depositId };
}

async function creditDeposit(depositId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveDeposit/${depositId}`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode).toBe(200);
}

async function count(query: string, values: unknown[]): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from ${query}`, values);
  return rows[0]?.n ?? -1;
}

const waitingPushes = (endpoint: string) =>
  count('push_outbox o join push_subscriptions s on s.id = o.subscription_id where s.endpoint = $1', [
    endpoint,
  ]);

describe('Web Push', () => {
  it('keeps one VAPID key pair in app_secrets and serves its public key', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(key);
    const { rows } = await t.pool.query<{ value: string }>(
      "select value from app_secrets where name = 'vapid_keys'",
    );
    expect(JSON.parse(rows[0]?.value ?? '{}').publicKey).toBe(key);
  });

  it('pushes a credited deposit once, encrypted to the browser and signed with the VAPID key', async () => {
    const { browser, depositId } = await subscribedDepositor('150');
    await creditDeposit(depositId);

    await expect.poll(() => service.to(browser.path).length, SENT).toBe(1);
    // Sent means gone from the outbox: nothing is left to send it twice.
    await expect.poll(() => waitingPushes(browser.subscription.endpoint), SENT).toBe(0);
    const [push] = service.to(browser.path);
    expect(service.to(browser.path)).toHaveLength(1);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expectVapidAuthorization(push?.headers.authorization, await publicKey(), service.origin);
    const message: PushMessage = JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), browser));
    expect(message).toEqual({
      title: 'Deposit approved',
      body: 'Your BTC deposit of $150.00 was approved and added to your balance.',
      url: '/user/history',
    });
  });

  it('retries a push the push service failed (500) after the wait, then drops it once sent', async () => {
    const { browser, depositId } = await subscribedDepositor('75');
    answers.set(browser.path, [500]);
    await creditDeposit(depositId);

    await expect.poll(() => service.to(browser.path).length, SENT).toBe(1);
    await expect
      .poll(async () => {
        const { rows } = await t.pool.query<{ attempts: number }>(
          'select o.attempts from push_outbox o join push_subscriptions s on s.id = o.subscription_id where s.endpoint = $1',
          [browser.subscription.endpoint],
        );
        return rows[0]?.attempts;
      }, SENT)
      .toBe(1);
    // The first retry waits a minute.
    clock.advance(61_000);
    await expect.poll(() => service.to(browser.path).length, SENT).toBe(2);
    await expect.poll(() => waitingPushes(browser.subscription.endpoint), SENT).toBe(0);
    expect(
      JSON.parse(decryptPush(service.to(browser.path)[1]?.body ?? Buffer.alloc(0), browser)),
    ).toMatchObject({
      body: 'Your BTC deposit of $75.00 was approved and added to your balance.',
    });
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const { browser, depositId } = await subscribedDepositor();
    answers.set(browser.path, [410]);
    await creditDeposit(depositId);

    await expect.poll(() => service.to(browser.path).length, SENT).toBe(1);
    await expect
      .poll(() => count('push_subscriptions where endpoint = $1', [browser.subscription.endpoint]), SENT)
      .toBe(0);
  });

  it('queues nothing for deposits when the user turned deposit pushes off', async () => {
    const { token, browser, depositId } = await subscribedDepositor();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/push/preferences',
      headers: bearer(token),
      payload: { deposits: false, withdrawals: true, tickets: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      data: { deposits: false, withdrawals: true, tickets: true },
      message: PUSH_MESSAGES.choicesSaved,
    });
    const read = await t.app.inject({ url: '/api/user/push/preferences', headers: bearer(token) });
    expect(read.json().data).toEqual({ deposits: false, withdrawals: true, tickets: true });

    await creditDeposit(depositId);
    // The push would have been written in the approval's transaction.
    expect(await waitingPushes(browser.subscription.endpoint)).toBe(0);
    const notifications = await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) });
    expect(notifications.json().data[0]).toMatchObject({ title: 'Deposit approved' });
    expect(service.to(browser.path)).toHaveLength(0);
  });

  it('pushes a support reply, and a security notice even with every choice off', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const browser = newBrowser(service.origin);
    expect((await subscribe(token, browser.subscription)).statusCode).toBe(200);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(token),
      payload: { subject: 'Statement', message: 'Where is my statement?' },
    });
    expect(opened.statusCode).toBe(201);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${opened.json().data._id}/reply`,
      headers: bearer(adminToken),
      payload: { message: 'Under Statements.' },
    });
    expect(replied.statusCode).toBe(200);
    await expect.poll(() => service.to(browser.path).length, SENT).toBe(1);
    expect(JSON.parse(decryptPush(service.to(browser.path)[0]?.body ?? Buffer.alloc(0), browser))).toEqual({
      title: 'Support replied',
      body: 'Our team answered your request “Statement”.',
      url: '/user/support',
    });

    const off = { deposits: false, withdrawals: false, tickets: false };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/push/preferences',
      headers: bearer(token),
      payload: off,
    });
    expect(saved.statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}/sessions`,
      headers: bearer(adminToken),
    });
    expect(ended.statusCode).toBe(200);
    await expect.poll(() => service.to(browser.path).length, SENT).toBe(2);
    const security = service.to(browser.path)[1];
    expect(security?.headers.urgency).toBe('high');
    expect(JSON.parse(decryptPush(security?.body ?? Buffer.alloc(0), browser))).toMatchObject({
      title: 'Signed out everywhere',
      url: '/user/security',
    });
  });

  it('pushes a security e-mail that has no notice in the app: the password changed', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const browser = newBrowser(service.origin);
    expect((await subscribe(token, browser.subscription)).statusCode).toBe(200);
    const newPassword = 'Another-Passw0rd!';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { oldPassword: input.password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => service.to(browser.path).length, SENT).toBe(1);
    const pushed = service.to(browser.path)[0];
    expect(pushed?.headers.urgency).toBe('high');
    expect(JSON.parse(decryptPush(pushed?.body ?? Buffer.alloc(0), browser))).toEqual({
      title: 'Your password was changed',
      body: "The password of your account was changed. Every other session has ended, and withdrawals are paused for a while, as after every change to the account's security.",
      url: '/user/security',
    });
  });

  it('answers 400 with a clear message for a bad subscription, and stores nothing', async () => {
    const { token } = await signUpAndLogin(t.app);
    const good = newBrowser(service.origin).subscription;
    const cases: [object, string][] = [
      [{ ...good, endpoint: 'not a url' }, PUSH_MESSAGES.endpointInvalid],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, PUSH_MESSAGES.endpointInvalid],
      [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(2048)}` }, PUSH_MESSAGES.endpointInvalid],
      // The house's message for a missing field.
      [{ endpoint: good.endpoint }, 'keys has the wrong type.'],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(12).toString('base64url') } },
        PUSH_MESSAGES.keysInvalid,
      ],
      [{ ...good, keys: { ...good.keys, p256dh: 'not+base64url/at=all' } }, PUSH_MESSAGES.keysInvalid],
      // 65 bytes in the right form, but not a point of the curve.
      [
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
        PUSH_MESSAGES.keysInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await subscribe(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await count('push_subscriptions where endpoint like $1', ['%push.example.com%'])).toBe(0);
  });

  it('keeps one row per browser: sent again it stays, signed in as someone else it changes hands', async () => {
    const first = await signUpAndLogin(t.app);
    const second = await signUpAndLogin(t.app);
    const browser = newBrowser(service.origin);
    expect((await subscribe(first.token, browser.subscription)).statusCode).toBe(200);
    expect((await subscribe(first.token, browser.subscription)).statusCode).toBe(200);
    expect(await count('push_subscriptions where endpoint = $1', [browser.subscription.endpoint])).toBe(1);

    expect((await subscribe(second.token, browser.subscription)).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ user_id: string }>(
      'select user_id from push_subscriptions where endpoint = $1',
      [browser.subscription.endpoint],
    );
    expect(rows).toEqual([{ user_id: second.user._id }]);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} browsers per user, dropping the oldest`, async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 1 }, () => newBrowser(service.origin));
    for (const browser of browsers) {
      expect((await subscribe(token, browser.subscription)).statusCode).toBe(200);
      clock.advance(1000);
    }
    expect(await count('push_subscriptions where user_id = $1', [user._id])).toBe(MAX_PUSH_SUBSCRIPTIONS);
    expect(await count('push_subscriptions where endpoint = $1', [browsers[0]?.subscription.endpoint])).toBe(
      0,
    );
  });

  describe('sent at once, on one process and on two sharing the database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({ push: LOCAL_PUSH }, { clock, sharedWith: t });
    });
    afterAll(() => second.close());
    const either = (index: number) => (index % 2 === 0 ? t.app : second.app);

    it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} browsers of a person who sends ${MAX_PUSH_SUBSCRIPTIONS + 6} at once`, async () => {
      const { token, user } = await signUpAndLogin(t.app);
      const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 6 }, () => newBrowser(service.origin));
      const sent = await Promise.all(
        browsers.map((browser, index) => subscribe(token, browser.subscription, either(index))),
      );
      expect(sent.map((answer) => answer.statusCode)).toEqual(browsers.map(() => 200));
      expect(await count('push_subscriptions where user_id = $1', [user._id])).toBe(MAX_PUSH_SUBSCRIPTIONS);
    });

    it('sends each push once while both processes run a sender', async () => {
      // The second process answers a request first, so that its sender runs beside the first's.
      expect(
        (await second.app.inject({ url: '/api/user/push/publicKey', headers: bearer(adminToken) }))
          .statusCode,
      ).toBe(200);
      const depositors = await Promise.all(Array.from({ length: 6 }, () => subscribedDepositor('75')));
      await Promise.all(depositors.map(({ depositId }) => creditDeposit(depositId)));
      for (const { browser } of depositors) {
        await expect.poll(() => waitingPushes(browser.subscription.endpoint), SENT).toBe(0);
      }
      expect(depositors.map(({ browser }) => service.to(browser.path).length)).toEqual(
        depositors.map(() => 1),
      );
    });

    it('gives a browser sent by two accounts at once to exactly one of them', async () => {
      const people = await Promise.all([signUpAndLogin(t.app), signUpAndLogin(t.app)]);
      for (let round = 0; round < 5; round += 1) {
        const browser = newBrowser(service.origin);
        const sent = await Promise.all(
          people.map((person, index) => subscribe(person.token, browser.subscription, either(index))),
        );
        expect(sent.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const { rows } = await t.pool.query<{ user_id: string }>(
          'select user_id from push_subscriptions where endpoint = $1',
          [browser.subscription.endpoint],
        );
        expect(rows).toHaveLength(1);
        expect(people.map((person) => person.user._id)).toContain(rows[0]?.user_id);
      }
    });
  });

  it("lets nobody turn off another user's browser; its owner can", async () => {
    const owner = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const browser = newBrowser(service.origin);
    expect((await subscribe(owner.token, browser.subscription)).statusCode).toBe(200);
    const remove = (token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/user/push/subscriptions',
        headers: bearer(token),
        payload: { endpoint: browser.subscription.endpoint },
      });

    const refused = await remove(other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PUSH_MESSAGES.subscriptionNotFound);
    expect(await count('push_subscriptions where endpoint = $1', [browser.subscription.endpoint])).toBe(1);

    const removed = await remove(owner.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(PUSH_MESSAGES.unsubscribed);
    expect(await count('push_subscriptions where endpoint = $1', [browser.subscription.endpoint])).toBe(0);
  });

  it('forgets every browser of an account its owner closes, or an administrator deletes', async () => {
    const closing = await signUpAndLogin(t.app);
    const deleted = await signUpAndLogin(t.app);
    for (const person of [closing, deleted]) {
      for (const browser of [newBrowser(service.origin), newBrowser(service.origin)]) {
        expect((await subscribe(person.token, browser.subscription)).statusCode).toBe(200);
      }
    }
    const browsersOf = (userId: string) => count('push_subscriptions where user_id = $1', [userId]);
    expect(await browsersOf(closing.user._id)).toBe(2);

    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/user/close',
      headers: bearer(closing.token),
      payload: { password: closing.input.password },
    });
    expect(closed.statusCode).toBe(200);
    expect(await browsersOf(closing.user._id)).toBe(0);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/deleteOneUser/${deleted.user._id}`,
      headers: bearer(adminToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(await browsersOf(deleted.user._id)).toBe(0);
  });
});

describe('Web Push without PUSH_ALLOW_PRIVATE_NETWORKS', () => {
  const STRICT_PUSH = { ...LOCAL_PUSH, allowPrivateNetworks: false };
  let strict: TestApp;
  let strictAdminToken: string;
  beforeAll(async () => {
    // The sender runs once at start and then not for a minute: the test sends when it means to.
    strict = await createTestApp({ push: { ...STRICT_PUSH, pollIntervalMs: 60_000 } });
    strictAdminToken = (await login(strict.app, ADMIN.email, ADMIN.password)).token;
  });
  afterAll(async () => {
    await strict.close();
  });

  it('refuses a subscription whose endpoint is on a private network or plain http', async () => {
    const { token } = await signUpAndLogin(strict.app);
    const keys = newBrowser(service.origin).subscription.keys;
    for (const endpoint of [
      `${service.origin}/push/x`,
      'https://127.0.0.1/push/x',
      'https://10.0.0.5/push/x',
      'https://[::1]/push/x',
      'https://169.254.169.254/latest',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/user/push/subscriptions',
        headers: bearer(token),
        payload: { endpoint, keys },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().message).toBe(PUSH_MESSAGES.endpointRefused);
    }
  });

  it('sends nothing to a private address at push time either: the push is dropped', async () => {
    const { token, user } = await signUpAndLogin(strict.app);
    const browser = newBrowser(service.origin);
    // As if the endpoint had resolved to a public address when it was sent, and to this one now.
    await strict.pool.query(
      'insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)',
      [
        user._id,
        browser.subscription.endpoint,
        browser.subscription.keys.p256dh,
        browser.subscription.keys.auth,
      ],
    );
    expect((await requestDeposit(strict.app, token, '150')).statusCode).toBe(200);
    const depositId = await newestDepositId(strict.app, strictAdminToken, user._id);
    const approved = await strict.app.inject({
      method: 'PUT',
      url: `/api/admin/approveDeposit/${depositId}`,
      headers: bearer(strictAdminToken),
    });
    expect(approved.statusCode).toBe(200);

    const waiting = async () =>
      (await strict.pool.query<{ n: number }>('select count(*)::int as n from push_outbox')).rows[0]?.n;
    expect(await waiting()).toBe(1);

    const errors: unknown[] = [];
    await deliverDuePushes(
      {
        db: strict.db,
        clock: strict.app.clock,
        config: STRICT_PUSH,
        publicUrl: strict.config.publicUrl,
        log: { error: (...args: unknown[]) => errors.push(args) },
      },
      new AbortController().signal,
    );
    expect(await waiting()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(service.to(browser.path)).toHaveLength(0);
  });
});
