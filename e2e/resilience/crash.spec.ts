import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmationTokenFromOutbox } from '../support/outbox.ts';
import {
  E2E_ADMIN,
  freePort,
  freshDataDir,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/**
 * Kills the platform with SIGKILL in the middle of deposits, approvals and withdrawals (and, in the
 * second round, its embedded PostgreSQL too), restarts it with the README's command, and checks
 * that every acknowledged operation survived and nothing is half-written.
 */

const USERS = 4;
const OPENING_CREDIT = 1000;
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

interface Acknowledged {
  deposits: Map<string, { userId: string; amount: number; approved: boolean }>;
  withdrawals: Map<string, { userId: string; amount: number; decision: 'approved' | 'rejected' | null }>;
}

interface Row {
  _id: string;
  type: 'deposit' | 'withdrawal';
  userId: string;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
}

let baseUrl = '';

async function call<T>(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

async function logIn(identifier: string, password: string): Promise<{ token: string; id: string }> {
  const { status, json } = await call<{ token: string; data: { _id: string } }>(
    'POST',
    '/api/user/login',
    undefined,
    {
      userNameOrEmail: identifier,
      password,
    },
  );
  expect(status).toBe(200);
  return { token: json.token, id: json.data._id };
}

async function createFundedUsers(adminToken: string, tag: string, dataDir: string) {
  const users: { token: string; id: string }[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const userName = `crash${tag}${index}`;
    const password = 'Crash#Test1';
    const signup = await call('POST', '/api/user/signup', undefined, {
      fullName: 'Crash Tester',
      userName,
      email: `${userName}@example.com`,
      password,
      confirmPassword: password,
    });
    expect(signup.status).toBe(201);
    const token = await confirmationTokenFromOutbox(dataDir, `${userName}@example.com`);
    expect((await call('POST', '/api/user/confirmEmail', undefined, { token })).status).toBe(200);
    const user = await logIn(userName, password);
    expect((await call('PUT', `/api/admin/verifyUser/${user.id}`, adminToken)).status).toBe(200);
    const credit = await call('PUT', `/api/admin/creditOrDebit/${user.id}`, adminToken, {
      mode: 'credit',
      amount: OPENING_CREDIT,
      reason: 'opening balance',
    });
    expect(credit.status).toBe(200);
    const saved = await call('POST', '/api/user/addresses', user.token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      label: 'Crash wallet',
      password,
    });
    expect(saved.status).toBe(201);
    users.push(user);
  }
  return users;
}

/** Each user deposits and withdraws in turn while the admin decides; only 2xx answers are recorded. */
function runTraffic(adminToken: string, users: { token: string; id: string }[], acknowledged: Acknowledged) {
  let stopped = false;
  const swallow = () => {
    stopped = true;
  };
  const userLoop = async (user: { token: string; id: string }) => {
    for (let round = 0; !stopped; round += 1) {
      const amount = 50 + (round % 7) * 10;
      if (round % 2 === 0) {
        const response = await call<{ data: { deposits: { _id: string }[] } }>(
          'POST',
          '/api/user/deposit',
          user.token,
          {
            mode: 'btc',
            amount,
          },
        ).catch(swallow);
        const newest = response?.status === 200 ? response.json.data.deposits[0] : undefined;
        if (newest) acknowledged.deposits.set(newest._id, { userId: user.id, amount, approved: false });
      } else {
        const response = await call<{ data: { _id: string } }>('POST', '/api/user/withdraw', user.token, {
          amount: amount / 10,
          method: 'btc',
          address: BTC_ADDRESS,
        }).catch(swallow);
        if (response?.status === 201) {
          acknowledged.withdrawals.set(response.json.data._id, {
            userId: user.id,
            amount: amount / 10,
            decision: null,
          });
        }
      }
    }
  };
  const adminLoop = async () => {
    while (!stopped) {
      const pendingDeposit = [...acknowledged.deposits].find(([, deposit]) => !deposit.approved);
      if (pendingDeposit) {
        const response = await call(
          'PUT',
          `/api/admin/approveDeposit/${pendingDeposit[0]}`,
          adminToken,
        ).catch(swallow);
        if (response?.status === 200) pendingDeposit[1].approved = true;
      }
      const pendingWithdrawal = [...acknowledged.withdrawals].find(
        ([, withdrawal]) => withdrawal.decision === null,
      );
      if (pendingWithdrawal) {
        const approve = pendingWithdrawal[0].charCodeAt(0) % 2 === 0;
        const response = await call(
          'PUT',
          `/api/admin/${approve ? 'approveWithdrawal' : 'declineWithdrawal'}/${pendingWithdrawal[0]}`,
          adminToken,
          {},
        ).catch(swallow);
        if (response?.status === 200) pendingWithdrawal[1].decision = approve ? 'approved' : 'rejected';
      }
      if (!pendingDeposit && !pendingWithdrawal) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return Promise.all([...users.map(userLoop), adminLoop()]);
}

async function allRows(adminToken: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const { json } = await call<{ data: Row[]; total: number }>(
      'GET',
      `/api/admin/allTransactions?page=${page}&pageSize=200`,
      adminToken,
    );
    rows.push(...json.data);
    if (rows.length >= json.total || json.data.length === 0) return rows;
  }
}

async function pidFrom(file: string): Promise<number> {
  const [firstLine = ''] = (await readFile(file, 'utf8')).split('\n');
  const pid = Number.parseInt(firstLine, 10);
  expect(pid).toBeGreaterThan(0);
  return pid;
}

const npmStart = ['npm', 'start', '--silent'];
const dataDirs: string[] = [];
let server: RunningServer | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a hard crash in the middle of money traffic', () => {
  for (const round of [
    { name: 'the server process', killDatabase: false },
    { name: 'the server and its embedded PostgreSQL', killDatabase: true },
  ]) {
    it(`loses no acknowledged operation and half-writes none when ${round.name} is killed`, async () => {
      const dataDir = await freshDataDir();
      dataDirs.push(dataDir);
      const port = await freePort();
      server = await startServer({ dataDir, port, command: npmStart });
      baseUrl = server.baseUrl;
      const admin = await logIn(E2E_ADMIN.email, E2E_ADMIN.password);
      const users = await createFundedUsers(
        admin.token,
        `${round.killDatabase ? 'b' : 'a'}${Date.now() % 100000}`,
        dataDir,
      );

      const acknowledged: Acknowledged = { deposits: new Map(), withdrawals: new Map() };
      const traffic = runTraffic(admin.token, users, acknowledged);
      // Killed mid-traffic, once some operations have been acknowledged, however slow the machine.
      await expect
        .poll(() => acknowledged.deposits.size + acknowledged.withdrawals.size, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(10);
      const serverPid = await server.serverPid();
      const postgresPid = await pidFrom(path.join(dataDir, 'postgres', 'postmaster.pid'));
      process.kill(serverPid, 'SIGKILL');
      if (round.killDatabase) process.kill(postgresPid, 'SIGKILL');
      await traffic;
      await new Promise((resolve) => server?.process.once('exit', resolve));
      console.log(
        `acknowledged before the kill: ${acknowledged.deposits.size} deposits, ${[...acknowledged.deposits.values()].filter((d) => d.approved).length} approvals, ${acknowledged.withdrawals.size} withdrawals`,
      );
      expect(acknowledged.deposits.size).toBeGreaterThan(0);
      expect(acknowledged.withdrawals.size).toBeGreaterThan(0);

      // Restarted with the README's command on the same data directory.
      server = await startServer({ dataDir, port, command: npmStart });
      const restartedAdmin = await logIn(E2E_ADMIN.email, E2E_ADMIN.password);

      const health = await call<{ data: { isHealthy: boolean; totalCents: string } }>(
        'GET',
        '/api/admin/ledger/health',
        restartedAdmin.token,
      );
      expect(health.json.data).toMatchObject({ isHealthy: true, totalCents: '0' });

      const rows = new Map((await allRows(restartedAdmin.token)).map((row) => [row._id, row]));
      for (const [id, deposit] of acknowledged.deposits) {
        const row = rows.get(id);
        expect(row, `acknowledged deposit ${id}`).toBeDefined();
        if (deposit.approved) expect(row?.status).toBe('approved');
      }
      for (const [id, withdrawal] of acknowledged.withdrawals) {
        const row = rows.get(id);
        expect(row, `acknowledged withdrawal ${id}`).toBeDefined();
        if (withdrawal.decision) expect(row?.status).toBe(withdrawal.decision);
      }

      // Each balance is exactly what its surviving records explain: nothing half-written.
      for (const user of users) {
        const mine = [...rows.values()].filter((row) => row.userId === user.id);
        const deposited = mine
          .filter((row) => row.type === 'deposit' && row.status === 'approved')
          .reduce((sum, row) => sum + row.amount, 0);
        const withdrawn = mine
          .filter((row) => row.type === 'withdrawal' && row.status !== 'rejected')
          .reduce((sum, row) => sum + row.amount, 0);
        const profile = await call<{ data: { accountBalance: number } }>(
          'GET',
          `/api/user/userprofile/${user.id}`,
          restartedAdmin.token,
        );
        expect(profile.json.data.accountBalance).toBeCloseTo(OPENING_CREDIT + deposited - withdrawn, 2);
      }

      // And the platform carries on.
      const after = await call('PUT', `/api/admin/creditOrDebit/${users[0]?.id}`, restartedAdmin.token, {
        mode: 'credit',
        amount: 1,
        reason: 'after restart',
      });
      expect(after.status).toBe(200);
      await stopServer(server);
      server = undefined;
    }, 300_000);
  }
});
