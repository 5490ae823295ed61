import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';
import {
  E2E_ADMIN,
  embeddedDatabaseUrl,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/** Two server processes on one PostgreSQL must behave as one: exactly-once holds across them. */

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const dataDirs: string[] = [];
let first!: RunningServer;
let second!: RunningServer;

beforeAll(async () => {
  const firstDir = await freshDataDir();
  const secondDir = await freshDataDir();
  dataDirs.push(firstDir, secondDir);
  // The racing withdrawals meet the balance before the daily limit of basic verification; the
  // limits have a two-server test of their own (withdrawal-limits.test.ts).
  const limits = { BASIC_WITHDRAWAL_DAILY_USD: '100000', BASIC_WITHDRAWAL_MONTHLY_USD: '100000' };
  first = await startServer({ dataDir: firstDir, env: limits });
  // The second process uses the first one's embedded PostgreSQL as its external database.
  const databaseUrl = await embeddedDatabaseUrl(firstDir);
  second = await startServer({ dataDir: secondDir, env: { ...limits, DATABASE_URL: databaseUrl } });
}, 240_000);

afterAll(async () => {
  if (second) await stopServer(second);
  if (first) await stopServer(first);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function call<T>(server: RunningServer, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function logIn(server: RunningServer, identifier: string, password: string) {
  const { json } = await call<{ token: string; data: { _id: string } }>(
    server,
    'POST',
    '/api/user/login',
    undefined,
    {
      userNameOrEmail: identifier,
      password,
    },
  );
  return { token: json.token, id: json.data._id };
}

describe('two server processes on one PostgreSQL', () => {
  it('credit once for 20 approvals and let exactly 10 of 20 withdrawals through, split across both', async () => {
    const admin = await logIn(first, E2E_ADMIN.email, E2E_ADMIN.password);
    const password = 'Two#Procs1';
    const userName = `twoprocs${Date.now() % 100000}`;
    const signup = await call(second, 'POST', '/api/user/signup', undefined, {
      fullName: 'Twin Runner',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    });
    expect(signup.status).toBe(201);
    const token = await confirmationTokenFromOutbox(dataDirs, `${userName}@example.com`);
    expect((await call(first, 'POST', '/api/user/confirmEmail', undefined, { token })).status).toBe(200);
    const user = await logIn(first, userName, password);
    expect((await call(second, 'PUT', `/api/admin/verifyUser/${user.id}`, admin.token)).status).toBe(200);
    const saved = await call(first, 'POST', '/api/user/addresses', user.token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      label: 'Twin wallet',
      password,
    });
    expect(saved.status).toBe(201);

    const deposit = await call<{ data: { deposits: { _id: string }[] } }>(
      first,
      'POST',
      '/api/user/deposit',
      user.token,
      { mode: 'btc', amount: 1000 },
    );
    const depositId = deposit.json.data.deposits[0]?._id;
    const approvals = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? first : second, 'PUT', `/api/admin/approveDeposit/${depositId}`, admin.token),
      ),
    );
    expect(approvals.filter((response) => response.status === 200)).toHaveLength(1);
    expect(approvals.filter((response) => response.status === 409)).toHaveLength(19);

    const withdrawals = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(index % 2 ? first : second, 'POST', '/api/user/withdraw', user.token, {
          amount: 100,
          method: 'btc',
          address: BTC_ADDRESS,
        }),
      ),
    );
    expect(withdrawals.filter((response) => response.status === 201)).toHaveLength(10);
    expect(withdrawals.filter((response) => response.status === 409)).toHaveLength(10);

    for (const server of [first, second]) {
      const profile = await call<{ data: { accountBalance: number } }>(
        server,
        'GET',
        `/api/user/userprofile/${user.id}`,
        user.token,
      );
      expect(profile.json.data.accountBalance).toBe(0);
    }
    const health = await call<{ data: { isHealthy: boolean } }>(
      second,
      'GET',
      '/api/admin/ledger/health',
      admin.token,
    );
    expect(health.json.data.isHealthy).toBe(true);
  });

  it('revokes a session on both processes at once when it logs out on one', async () => {
    const admin = await logIn(second, E2E_ADMIN.email, E2E_ADMIN.password);
    expect((await call(first, 'GET', `/api/user/userprofile/${admin.id}`, admin.token)).status).toBe(200);
    expect((await call(first, 'POST', '/api/user/logout', admin.token)).status).toBe(200);
    expect((await call(second, 'GET', `/api/user/userprofile/${admin.id}`, admin.token)).status).toBe(401);
  });

  it('stops a session ended from another session at once on both processes (401)', async () => {
    const password = 'Ended#Else1';
    const userName = `ended${Date.now() % 100000}`;
    await call(first, 'POST', '/api/user/signup', undefined, {
      fullName: 'Two Devices',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    });
    const laptop = await logIn(first, userName, password);
    const phone = await logIn(second, userName, password);
    for (const server of [first, second]) {
      expect((await call(server, 'GET', `/api/user/userprofile/${phone.id}`, phone.token)).status).toBe(200);
    }
    const listed = await call<{ data: { _id: string; isCurrent: boolean }[] }>(
      second,
      'GET',
      '/api/user/sessions',
      phone.token,
    );
    const phoneSession = listed.json.data.find((session) => session.isCurrent);
    expect(
      (await call(first, 'DELETE', `/api/user/sessions/${phoneSession?._id}`, laptop.token)).status,
    ).toBe(200);
    for (const server of [first, second]) {
      expect((await call(server, 'GET', `/api/user/userprofile/${phone.id}`, phone.token)).status).toBe(401);
      expect((await call(server, 'GET', '/api/user/sessions', phone.token)).status).toBe(401);
      expect((await call(server, 'GET', '/api/user/sessions', laptop.token)).status).toBe(200);
    }
  });

  it('leaves no session from sign-ins on one process racing a password change on the other', async () => {
    const password = 'Old#Secret1';
    const userName = `racer${Date.now() % 100000}`;
    await call(first, 'POST', '/api/user/signup', undefined, {
      fullName: 'Race Owner',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    });
    const owner = await logIn(first, userName, password);
    const attackers = Array.from({ length: 8 }, () =>
      call<{ token?: string }>(second, 'POST', '/api/user/login', undefined, {
        userNameOrEmail: userName,
        password,
      }),
    );
    const change = call(first, 'PUT', '/api/user/password', owner.token, {
      oldPassword: password,
      newPassword: 'New#Secret1',
      confirmPassword: 'New#Secret1',
    });
    const [changed, ...signIns] = await Promise.all([change, ...attackers]);
    expect(changed?.status).toBe(200);
    for (const signIn of signIns) {
      if (signIn.status !== 200 || !signIn.json.token) continue;
      for (const server of [first, second]) {
        const profile = await call(server, 'GET', `/api/user/userprofile/${owner.id}`, signIn.json.token);
        expect(profile.status).toBe(401);
      }
    }
    expect((await call(second, 'GET', `/api/user/userprofile/${owner.id}`, owner.token)).status).toBe(200);
  });

  // Last: its failed guesses use up this address's sign-in attempts for the rest of the window.
  it('checks at most 10 of 100 concurrent wrong guesses split across both, and the right password then gets 429', async () => {
    const password = 'Right#Guess1';
    const userName = `guessed${Date.now() % 100000}`;
    await call(second, 'POST', '/api/user/signup', undefined, {
      fullName: 'Guess Target',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    });
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(index % 2 ? first : second, 'POST', '/api/user/login', undefined, {
          userNameOrEmail: userName,
          password: `Wrong#Guess${index}`,
        }),
      ),
    );
    const checked = guesses.filter((guess) => guess.status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(100 - checked);
    const right = await call<{ message: string }>(first, 'POST', '/api/user/login', undefined, {
      userNameOrEmail: userName,
      password,
    });
    expect(right.status).toBe(429);
    expect(right.json.message).toBe('Too many attempts. Try again later.');
  });
});
