import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, newUserInput, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

/** The attempts limit under real concurrency: every guess is reserved before its check. */
const LIMIT = 10;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ login: { maxFailures: LIMIT, windowMs: 15 * 60_000 } });
  // A second server on the same database, with its own connection pool: two processes in all but name.
  second = await createTestApp(
    { login: { maxFailures: LIMIT, windowMs: 15 * 60_000 } },
    { sharedWith: first },
  );
});
afterAll(async () => {
  await second.close();
  await first.close();
});

function tryLogin(app: TestApp, userNameOrEmail: string, password: string, ip: string, code?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: ip,
    payload: { userNameOrEmail, password, ...(code ? { code } : {}) },
  });
}

async function wrongPasswordEvents(app: TestApp, userId: string, outcome: string): Promise<number> {
  const { rows } = await app.pool.query<{ total: string }>(
    'select count(*) as total from login_events where user_id = $1 and outcome = $2',
    [userId, outcome],
  );
  return Number(rows[0]?.total);
}

async function newAccount(app: TestApp) {
  const input = newUserInput();
  const response = await app.app.inject({ method: 'POST', url: '/api/user/signup', payload: input });
  expect(response.statusCode).toBe(201);
  const { rows } = await app.pool.query<{ id: string }>('select id from users where user_name = $1', [
    input.userName,
  ]);
  return { ...input, id: rows[0]?.id ?? '' };
}

describe('the sign-in limit under concurrent guessing', () => {
  it.each([
    ['one server', () => [first]],
    ['two servers on one database', () => [first, second]],
  ])(
    'checks at most the limit of 100 concurrent guesses on %s, and the right password then gets 429',
    async (_, servers) => {
      const victim = await newAccount(first);
      const apps = servers();
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          tryLogin(
            apps[index % apps.length] as TestApp,
            victim.userName,
            `Wrong#Guess${index}`,
            `10.1.${index}.1`,
          ),
        ),
      );
      const statuses = guesses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - LIMIT);
      expect(await wrongPasswordEvents(first, victim.id, 'wrong_password')).toBe(LIMIT);

      const right = await tryLogin(first, victim.userName, victim.password, '10.9.9.9');
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(MESSAGES.tooManyAttempts);
    },
  );

  it('counts the user name and the e-mail of one account together', async () => {
    const victim = await newAccount(first);
    for (let index = 0; index < LIMIT; index += 1) {
      const login = index % 2 === 0 ? victim.userName : victim.email.toUpperCase();
      expect((await tryLogin(first, login, 'Wrong#Pass1', `10.2.${index}.1`)).statusCode).toBe(401);
    }
    expect((await tryLogin(first, victim.email, victim.password, '10.2.99.1')).statusCode).toBe(429);
  });

  it('checks at most the limit of 300 concurrent second-factor codes', async () => {
    const { token, input, user } = await signUpAndLogin(first.app);
    const setup = await first.app.inject({
      method: 'POST',
      url: '/api/user/2fa/setup',
      headers: bearer(token),
    });
    const { secret } = setup.json().data;
    const enabled = await first.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { password: input.password, code: totpCode(secret, totpStep(new Date())) },
    });
    expect(enabled.statusCode).toBe(200);

    const codes = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        tryLogin(
          index % 2 ? first : second,
          input.userName,
          input.password,
          `10.3.${index % 250}.${index % 7}`,
          `${100000 + index}`,
        ),
      ),
    );
    const statuses = codes.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(await wrongPasswordEvents(first, user._id, 'wrong_code')).toBe(LIMIT);
    const right = await tryLogin(
      first,
      input.userName,
      input.password,
      '10.3.255.1',
      totpCode(secret, totpStep(new Date()) + 1),
    );
    expect(right.statusCode).toBe(429);
  });

  it('limits guesses of the current password behind a session, without locking the owner out of signing in', async () => {
    const { token, input } = await signUpAndLogin(first.app);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        first.app.inject({
          method: 'PUT',
          url: '/api/user/password',
          headers: bearer(token),
          payload: {
            oldPassword: `Wrong#Guess${index}`,
            newPassword: 'Other#Pass1',
            confirmPassword: 'Other#Pass1',
          },
        }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMIT);
    const rightOld = await first.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { oldPassword: input.password, newPassword: 'Other#Pass1', confirmPassword: 'Other#Pass1' },
    });
    expect(rightOld.statusCode).toBe(429);
    expect((await tryLogin(first, input.userName, input.password, '10.4.0.1')).statusCode).toBe(200);
  });
});
