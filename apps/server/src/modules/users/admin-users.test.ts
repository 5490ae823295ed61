import { randomBytes } from 'node:crypto';
import { type AdminUserRow, MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  ledgerHealth,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const admin = await login(t.app, ADMIN.email, ADMIN.password);
  adminToken = admin.token;
  adminId = admin.user._id;
});
afterAll(async () => {
  await t.close();
});

async function listUsers(query: string) {
  const response = await t.app.inject({ url: `/api/user/getallusers?${query}`, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminUserRow[]; total: number; page: number; pageSize: number }>();
}

function adminAct(method: 'PUT' | 'DELETE', path: string, payload?: object) {
  return t.app.inject({ method, url: `/api/admin/${path}`, headers: bearer(adminToken), payload });
}

async function adjust(userId: string, mode: 'credit' | 'debit', amount: number) {
  const response = await adminAct('PUT', `creditOrDebit/${userId}`, { mode, amount, reason: 'test' });
  return response;
}

/** Three users sharing a tag no other test uses, so a search for it returns exactly them. */
async function taggedTrio() {
  const tag = `t${randomBytes(4).toString('hex')}`;
  const people = [
    { fullName: `Zoe ${tag}`, userName: `b_${tag}`, balance: 10 },
    { fullName: `adam ${tag}`, userName: `C_${tag}`, balance: 30 },
    { fullName: `Mia ${tag}`, userName: `a_${tag}`, balance: 20 },
  ];
  const ids: string[] = [];
  for (const person of people) {
    const { user } = await signUpAndLogin(t.app, {
      fullName: person.fullName,
      userName: person.userName,
      email: `${person.userName}@example.com`,
    });
    await fundUser(t.app, adminToken, user._id, person.balance);
    ids.push(user._id);
  }
  return { tag, ids };
}

describe('GET /api/user/getallusers: search, sort and pages', () => {
  it('finds users by any part of the full name, e-mail or user name, ignoring case', async () => {
    const { tag, ids } = await taggedTrio();
    const [zoe, adam, mia] = ids;
    expect((await listUsers(`q=${tag.toUpperCase()}`)).total).toBe(3);
    expect((await listUsers(`q=zoe%20${tag}`)).data.map((row) => row._id)).toEqual([zoe]);
    expect((await listUsers(`q=C_${tag}`)).data.map((row) => row._id)).toEqual([adam]);
    expect((await listUsers(`q=a_${tag}%40EXAMPLE.com`)).data.map((row) => row._id)).toEqual([mia]);
    expect((await listUsers(`q=${tag}-nobody`)).data).toEqual([]);
  });

  it('takes LIKE wildcards typed in the search literally', async () => {
    const { tag } = await taggedTrio();
    // "_" would match any single character, "%" anything; typed, they match only themselves.
    expect((await listUsers(`q=a%25${tag}`)).total).toBe(0);
    expect((await listUsers(`q=_${tag}`)).total).toBe(3);
    expect((await listUsers(`q=b${tag}`)).total).toBe(0);
  });

  it('sorts by full name, user name (case-insensitive), balance and date, each way', async () => {
    const { tag, ids } = await taggedTrio();
    const [zoe, adam, mia] = ids;
    const order = async (query: string) => (await listUsers(`q=${tag}&${query}`)).data.map((row) => row._id);
    expect(await order('sort=fullName')).toEqual([adam, mia, zoe]);
    expect(await order('sort=fullName&order=desc')).toEqual([zoe, mia, adam]);
    expect(await order('sort=userName')).toEqual([mia, zoe, adam]);
    expect(await order('sort=userName&order=desc')).toEqual([adam, zoe, mia]);
    expect(await order('sort=balance')).toEqual([adam, mia, zoe]);
    expect(await order('sort=balance&order=asc')).toEqual([zoe, mia, adam]);
    expect(await order('sort=createdAt')).toEqual([mia, adam, zoe]);
    expect(await order('')).toEqual([mia, adam, zoe]);
    expect(await order('sort=createdAt&order=asc')).toEqual([zoe, adam, mia]);
    const balances = (await listUsers(`q=${tag}&sort=balance`)).data.map((row) => row.acctBalance);
    expect(balances).toEqual([30, 20, 10]);
  });

  it('pages a search: every match once, with the total of all pages', async () => {
    const { tag, ids } = await taggedTrio();
    const first = await listUsers(`q=${tag}&sort=fullName&pageSize=2&page=1`);
    const second = await listUsers(`q=${tag}&sort=fullName&pageSize=2&page=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect([...first.data, ...second.data].map((row) => row._id).sort()).toEqual([...ids].sort());
    expect((await listUsers(`q=${tag}&pageSize=2&page=3`)).data).toEqual([]);
  });

  it('refuses bad query values with 400 and a message, changing nothing', async () => {
    const cases: [string, string | null][] = [
      ['sort=password', MESSAGES.userSortField],
      ['sort=balance&order=up', MESSAGES.userSortOrder],
      [`q=${'x'.repeat(101)}`, MESSAGES.userSearchTooLong],
      // Refused before the search reads it, as a NUL character is in any request.
      ['q=ada%00', MESSAGES.nulCharacter],
      ['q=a&q=b', 'q has the wrong type.'],
      ['page=0', null],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({
        url: `/api/user/getallusers?${query}`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().message, query).toBe(message);
    }
  });

  it('answers one page of 10,000 users in under 100 ms, whatever the sort or search', async () => {
    await t.pool.query(`insert into users (user_name, full_name, email, password_hash, created_at)
      select 'bulk' || i, 'Bulk Person' || i, 'bulk' || i || '@example.com', 'not-a-hash',
        now() - make_interval(mins => i)
      from generate_series(1, 10000) i`);
    await t.pool.query('analyze users');
    const queries = [
      '',
      'page=200',
      'sort=fullName',
      'sort=userName&order=desc',
      'sort=balance',
      'q=person4242',
      'q=bulk9%40example&sort=fullName',
    ];
    const figures: string[] = [];
    for (const query of queries) {
      const timings: number[] = [];
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now();
        const response = await t.app.inject({
          url: `/api/user/getallusers?pageSize=50&${query}`,
          headers: bearer(adminToken),
        });
        timings.push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
      const median = timings.sort((a, b) => a - b)[2] ?? Number.NaN;
      figures.push(`${query || 'default'}: ${median.toFixed(1)} ms`);
      expect(median, query).toBeLessThan(100);
    }
    expect((await listUsers('q=person4242')).total).toBe(1);
    console.log(`getallusers over 10,000 users, median of 5: ${figures.join('; ')}`);
  });
});

describe('PUT /api/admin/suspendUser/:id and /unsuspendUser/:id', () => {
  it("stops a suspended user's sessions at once and lets them back after unsuspension", async () => {
    const { user, token, input } = await signUpAndLogin(t.app);
    const profile = () => t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);

    const suspended = await adminAct('PUT', `suspendUser/${user._id}`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ message: MESSAGES.userSuspended, data: { suspended: true } });
    const refused = await profile();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended. Contact support.');
    const deposit = await requestDeposit(t.app, token, '100');
    expect(deposit.statusCode).toBe(403);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: input.userName, password: input.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(MESSAGES.suspended);
    expect((await listUsers(`q=${input.userName}`)).data[0]).toMatchObject({ suspended: true });

    const unsuspended = await adminAct('PUT', `unsuspendUser/${user._id}`);
    expect(unsuspended.statusCode).toBe(200);
    expect(unsuspended.json()).toMatchObject({
      message: MESSAGES.userUnsuspended,
      data: { suspended: false },
    });
    expect((await profile()).statusCode).toBe(200);
  });

  it('refuses to let an admin suspend themselves', async () => {
    const response = await adminAct('PUT', `suspendUser/${adminId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.cannotSuspendSelf);
    expect(
      (await t.app.inject({ url: '/api/user/getallusers', headers: bearer(adminToken) })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown, malformed or deleted user', async () => {
    const { user } = await signUpAndLogin(t.app);
    expect((await adminAct('DELETE', `deleteOneUser/${user._id}`)).statusCode).toBe(200);
    for (const path of ['suspendUser', 'unsuspendUser']) {
      for (const id of [UNKNOWN_ID, 'not-an-id', user._id]) {
        const response = await adminAct('PUT', `${path}/${id}`);
        expect(response.statusCode, `${path}/${id}`).toBe(404);
        expect(response.json().message).toBe(MESSAGES.userNotFound);
      }
    }
  });
});

describe('DELETE /api/admin/deleteOneUser/:id', () => {
  it('refuses while money is pending or held, naming the reason, and deletes once all is settled', async () => {
    const { user, token, input } = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, user._id);
    await saveUsableWithdrawalAddress(t, clock, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: input.password,
    });
    const remove = () => adminAct('DELETE', `deleteOneUser/${user._id}`);
    const expectRefusal = async (message: string) => {
      const response = await remove();
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    };

    await fundUser(t.app, adminToken, user._id, 50);
    await expectRefusal(MESSAGES.deleteHasBalance);

    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(token),
      payload: { amount: 50, method: 'btc', address: BTC_ADDRESS },
    });
    expect(withdrawal.statusCode).toBe(201);
    await expectRefusal(MESSAGES.deleteHasPendingWithdrawal);
    const declined = await adminAct('PUT', `declineWithdrawal/${withdrawal.json().data._id}`, {
      reason: 'no',
    });
    expect(declined.statusCode).toBe(200);
    await expectRefusal(MESSAGES.deleteHasBalance);
    expect((await adjust(user._id, 'debit', 50)).statusCode).toBe(200);

    expect((await requestDeposit(t.app, token, '120')).statusCode).toBe(200);
    await expectRefusal(MESSAGES.deleteHasPendingDeposit);
    const depositId = await newestDepositId(t.app, adminToken, user._id);
    expect((await adminAct('PUT', `declineDeposit/${depositId}`, { reason: 'unpaid' })).statusCode).toBe(200);

    const deleted = await remove();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      message: MESSAGES.userDeleted,
      data: { _id: user._id, status: 'deleted', accountBalance: 0 },
    });
  });

  it('ends the sessions, hides the user and keeps their ledger and history', async () => {
    const { user, token, input } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 40);
    expect((await adjust(user._id, 'debit', 40)).statusCode).toBe(200);
    expect((await requestDeposit(t.app, token, '75')).statusCode).toBe(200);
    const depositId = await newestDepositId(t.app, adminToken, user._id);
    expect((await adminAct('PUT', `declineDeposit/${depositId}`)).statusCode).toBe(200);
    const transfersOf = async () =>
      (
        await t.pool.query(
          `select count(*)::int as n from ledger_transfers t join ledger_accounts a
            on a.id in (t.debit_account_id, t.credit_account_id) where a.user_id = $1`,
          [user._id],
        )
      ).rows[0].n;
    expect(await transfersOf()).toBe(2);
    const totalBefore = (await listUsers('')).total;

    expect((await adminAct('DELETE', `deleteOneUser/${user._id}`)).statusCode).toBe(200);

    const withOldToken = await t.app.inject({
      url: `/api/user/userprofile/${user._id}`,
      headers: bearer(token),
    });
    expect(withOldToken.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: input.email, password: input.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await listUsers('')).total).toBe(totalBefore - 1);
    // The unfiltered total is a kept count, not a count of the rows: it must still be the real one.
    const counted = await t.pool.query("select count(*)::int as n from users where status = 'active'");
    expect((await listUsers('')).total).toBe(counted.rows[0].n);
    expect((await listUsers(`q=${input.userName}`)).data).toEqual([]);
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${user._id}`,
      headers: bearer(adminToken),
    });
    expect(profile.statusCode).toBe(404);
    expect(await transfersOf()).toBe(2);
    const transactions = await t.app.inject({
      url: '/api/admin/allTransactions?type=deposit&pageSize=200',
      headers: bearer(adminToken),
    });
    expect(transactions.json().data.map((row: { _id: string }) => row._id)).toContain(depositId);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
    // Nothing more can reach the account: a credit, a second delete.
    expect((await adjust(user._id, 'credit', 10)).statusCode).toBe(404);
    expect((await adminAct('DELETE', `deleteOneUser/${user._id}`)).statusCode).toBe(404);
  });

  it('refuses to let an admin delete themselves', async () => {
    const response = await adminAct('DELETE', `deleteOneUser/${adminId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.cannotDeleteSelf);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const response = await adminAct('DELETE', `deleteOneUser/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.userNotFound);
    }
  });

  it('makes a credit that waits on a deletion in progress fail with 404 instead of landing', async () => {
    const { user } = await signUpAndLogin(t.app);
    const deletion = await t.pool.connect();
    try {
      // A deletion holds the user's row from its checks to its commit; a credit meanwhile must wait.
      await deletion.query('begin');
      await deletion.query('select id from users where id = $1 for update', [user._id]);
      const credit = adjust(user._id, 'credit', 25);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deletion.query(`update users set status = 'deleted' where id = $1`, [user._id]);
      await deletion.query('commit');
      const answer = await credit;
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(MESSAGES.userNotFound);
    } finally {
      deletion.release();
    }
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('is refused to a regular user', async () => {
    const { token } = await signUpAndLogin(t.app);
    const victim = await signUpAndLogin(t.app);
    for (const [method, path] of [
      ['DELETE', 'deleteOneUser'],
      ['PUT', 'suspendUser'],
      ['PUT', 'unsuspendUser'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/admin/${path}/${victim.user._id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await listUsers(`q=${victim.input.userName}`)).data[0]).toMatchObject({
      status: 'active',
      suspended: false,
    });
  });
});

describe('deep pages of GET /api/user/getallusers', () => {
  it('gives every page in creation order, both ways, exactly the rows an offset gives', async () => {
    // A database of its own, filled by SQL: 40 users over four hours sharing a few timestamps, so
    // page edges meet ties and hour edges; some deleted, so they leave the list and its counts.
    const own = await createTestApp();
    try {
      const ownAdmin = await login(own.app, ADMIN.email, ADMIN.password);
      await own.pool.query(
        `insert into users (user_name, full_name, email, password_hash, created_at)
         select 'deep' || i, 'Deep Person ' || i, 'deep' || i || '@example.com', 'not-a-hash',
           timestamptz '2026-01-01' + make_interval(mins => (i % 9) * 20)
         from generate_series(1, 40) as i`,
      );
      await own.pool.query(
        "update users set status = 'deleted' where user_name in ('deep3', 'deep12', 'deep31')",
      );
      const pageSize = 7;
      for (const order of ['desc', 'asc']) {
        const { rows } = await own.pool.query<{ id: string }>(
          `select id from users where status = 'active' order by created_at ${order}, id ${order}`,
        );
        const pages = Math.ceil(rows.length / pageSize) + 1;
        for (let page = 1; page <= pages; page += 1) {
          const response = await own.app.inject({
            url: `/api/user/getallusers?sort=createdAt&order=${order}&page=${page}&pageSize=${pageSize}`,
            headers: bearer(ownAdmin.token),
          });
          expect(response.statusCode).toBe(200);
          const expected = rows.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id);
          expect(
            response.json().data.map((row: AdminUserRow) => row._id),
            `${order} page ${page}`,
          ).toEqual(expected);
          expect(response.json().total).toBe(rows.length);
        }
      }
    } finally {
      await own.close();
    }
  });
});
