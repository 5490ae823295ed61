import net from 'node:net';
import { Writable } from 'node:stream';
import { MESSAGES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, newUserInput, signUpAndLogin, type TestApp } from '../test/test-app.ts';
import { loadConfig } from './config/env.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

/** A parameter of the failing query below, as a password hash would be. */
const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$never-in-a-log';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info', trustProxy: 1, requestTimeoutMs: 1000 }, { logStream });
  t.app.get('/test-only/failing-query', async () => t.db.execute(sql`select ${SECRET}::int`));
});
afterAll(async () => {
  await t.close();
});

describe('text with a NUL character', () => {
  it.each([
    ['sign-in identifier', '/api/user/login', { userNameOrEmail: 'ada\u0000', password: 'Secret#Pass1' }],
    ['sign-up name', '/api/user/signup', { ...newUserInput(), fullName: 'Ada\u0000 Lovelace' }],
  ])('is refused with 400 in the %s', async (_, url, payload) => {
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.nulCharacter);
  });

  it('is refused with 400 in a support message, and no ticket is opened', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/support',
      headers: bearer(token),
      payload: { message: 'Hello\u0000there' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.nulCharacter);
    const tickets = await t.app.inject({ url: '/api/user/support', headers: bearer(token) });
    expect(tickets.json().data).toHaveLength(0);
  });
});

describe('a broken multipart body', () => {
  const truncated = [
    '--cut',
    'Content-Disposition: form-data; name="image"; filename="a.png"',
    'Content-Type: image/png',
    '',
    'PNGDATA-and-then-the-body-stops',
  ].join('\r\n');

  it.each([
    ['avatar', 'PUT', '/api/user/avatar'],
    ['deposit', 'POST', '/api/user/deposit'],
  ] as const)('gets 400 on the %s upload, cut short or without a boundary', async (_, method, url) => {
    const { token } = await signUpAndLogin(t.app);
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=cut', truncated],
      ['multipart/form-data', truncated],
    ]) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, contentType).toBe(400);
    }
  });
});

describe('the server log', () => {
  it('keeps a failed query without its parameters', async () => {
    const response = await t.app.inject({ url: '/test-only/failing-query?token=also-never-logged' });
    expect(response.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('invalid input syntax for type integer');
    expect(log).not.toContain('never-in-a-log');
    expect(log).not.toContain('also-never-logged');
  });
});

describe('client addresses behind a proxy', () => {
  it('believes only the hops the proxy count allows, so forged X-Forwarded-For entries change nothing', async () => {
    const victim = await signUpAndLogin(t.app);
    const attempts = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'x-forwarded-for': `203.0.113.${index}, 198.51.100.7` },
          payload: { userNameOrEmail: `nobody${index}`, password: 'Wrong#Pass1' },
        }),
      ),
    );
    expect(attempts.filter((response) => response.statusCode === 429).length).toBeGreaterThan(0);
    const history = await t.app.inject({ url: '/api/user/login-history', headers: bearer(victim.token) });
    expect(history.json().data[0].ip).not.toMatch(/^203\.0\.113\./);
  });

  it('refuses TRUST_PROXY=true at start, saying what to set', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/neither a proxy count/);
  });
});

describe('a slow sender', () => {
  it('is dropped once the request timeout passes', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.write(' '), 300);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
    });
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
