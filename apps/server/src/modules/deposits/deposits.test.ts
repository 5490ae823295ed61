import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
  multipart,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  TINY_PNG,
  verify,
} from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  withTestApp,
} from '../../../test/test-app.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), { uploadMaxBytes: 64 * 1024 }, { clock });

async function countRows(table: 'deposits' | 'ledger_transfers' | 'stored_files'): Promise<number> {
  const { rows } = await t.pool.query<{ count: string }>(`select count(*) from ${table}`);
  return Number(rows[0]?.count);
}

function decide(
  action: 'approveDeposit' | 'declineDeposit',
  id: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/${action}/${id}`,
    headers: { ...bearer(adminToken), ...headers },
  });
}

describe('POST /api/user/deposit', () => {
  it('records a pending deposit and returns the updated profile', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const response = await requestDeposit(t.app, token, '250.5', 'eth');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Deposit successful');
    expect(body.data._id).toBe(user._id);
    expect(body.data.deposits).toEqual([
      expect.objectContaining({ mode: 'eth', amount: 250.5, status: 'pending' }),
    ]);
    expect(body.data.accountBalance).toBe(0);
  });

  it('accepts a JSON body with a numeric amount too', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      headers: bearer(token),
      payload: { mode: 'usdt', amount: 75 },
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores an image proof, decided by its bytes', async () => {
    const { token } = await signUpAndLogin(t.app);
    const before = await countRows('stored_files');
    const { payload, headers } = multipart(
      { mode: 'btc', amount: '100' },
      { field: 'image', name: 'proof.png', type: 'image/png', content: TINY_PNG },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(200);
    expect(await countRows('stored_files')).toBe(before + 1);
  });

  it.each([
    ['HTML named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'proof.png'],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg'],
  ])('refuses a proof that is %s', async (_name, content, fileName) => {
    const { token } = await signUpAndLogin(t.app);
    const before = await countRows('deposits');
    const { payload, headers } = multipart(
      { mode: 'btc', amount: '100' },
      { field: 'image', name: fileName, type: 'image/png', content },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.proofType);
    expect(await countRows('deposits')).toBe(before);
  });

  it('refuses a proof over the size limit with 413', async () => {
    const { token } = await signUpAndLogin(t.app);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(100 * 1024)]);
    const { payload, headers } = multipart(
      { mode: 'btc', amount: '100' },
      { field: 'image', name: 'big.png', type: 'image/png', content: big },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/deposit',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large.');
  });

  it.each([
    ['', 'btc', 'Please select a mode and enter the amount to deposit!'],
    ['100', '', 'Please select a mode and enter the amount to deposit!'],
    ['100', 'doge', MESSAGES.unknownCoin],
    ['-5', 'btc', 'Amount must be a number only'],
    ['0', 'btc', 'Amount must be a number only'],
    ['NaN', 'btc', 'Amount must be a number only'],
    ['1e5', 'btc', 'Amount must be a number only'],
    ['12.345', 'btc', 'Amount must be a number only'],
    ['abc', 'btc', 'Amount must be a number only'],
    ['1000000000000000', 'btc', 'Amount must be a number only'],
    ['49.99', 'btc', 'minimum is 50'],
  ])('refuses amount %j with mode %j', async (amount, mode, message) => {
    const { token } = await signUpAndLogin(t.app);
    const before = await countRows('deposits');
    const response = await requestDeposit(t.app, token, amount, mode);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countRows('deposits')).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const { payload, headers } = multipart({ mode: 'btc', amount: '100' });
    const response = await t.app.inject({ method: 'POST', url: '/api/user/deposit', payload, headers });
    expect(response.statusCode).toBe(401);
  });

  it('creates one deposit for a retried request with the same Idempotency-Key', async () => {
    const { token } = await signUpAndLogin(t.app);
    const before = await countRows('deposits');
    const key = { 'idempotency-key': 'deposit-retry-1' };
    const first = await requestDeposit(t.app, token, '120', 'btc', key);
    const retry = await requestDeposit(t.app, token, '120', 'btc', key);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countRows('deposits')).toBe(before + 1);

    const different = await requestDeposit(t.app, token, '130', 'btc', key);
    expect(different.statusCode).toBe(422);
    expect(different.json().message).toBe(MESSAGES.idempotencyMismatch);
    expect(await countRows('deposits')).toBe(before + 1);
  });

  it('runs one of two simultaneous requests with the same key; the other is told it is in progress or replayed', async () => {
    const { token } = await signUpAndLogin(t.app);
    const before = await countRows('deposits');
    const key = { 'idempotency-key': 'deposit-race-1' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => requestDeposit(t.app, token, '120', 'btc', key)),
    );
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    expect(await countRows('deposits')).toBe(before + 1);
  });
});

describe('approving and declining deposits', () => {
  it('credits the user once on approval; the history shows it approved', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '300', 'btc');
    const id = await newestDepositId(t.app, adminToken, user._id);
    const response = await decide('approveDeposit', id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.depositApproved);
    expect(await balanceOf(t.app, token, user._id)).toBe(300);

    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data.totalDeposit).toBe(300);
    const history = await t.app.inject({ url: '/api/user/transactions', headers: bearer(token) });
    expect(history.json().data[0]).toMatchObject({
      _id: id,
      type: 'deposit',
      status: 'approved',
      amount: 300,
    });
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('credits exactly once when 20 approvals race', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '500', 'btc');
    const id = await newestDepositId(t.app, adminToken, user._id);
    const transfersBefore = await countRows('ledger_transfers');
    const responses = await Promise.all(Array.from({ length: 20 }, () => decide('approveDeposit', id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().message).toBe('This transaction has already been processed.');
    }
    expect(await countRows('ledger_transfers')).toBe(transfersBefore + 1);
    expect(await balanceOf(t.app, token, user._id)).toBe(500);
    const health = await ledgerHealth(t.app, adminToken);
    expect(health).toMatchObject({ isHealthy: true, totalCents: '0', negativeUserBalances: 0 });
  });

  it('approves deposits while their owners ask for new deposits and withdrawals, none waiting on another', async () => {
    // PostgreSQL looks for a deadlock after a second and the transaction is then retried, which
    // would hide one here. On these connections it never looks: a deadlock would hold its requests
    // until lock_timeout refuses them, while an ordinary lock wait lasts milliseconds.
    const url = new URL(t.databaseUrl);
    url.searchParams.set('options', '-c deadlock_timeout=10min -c lock_timeout=20s');
    const strict = await createTestApp({}, { clock, sharedWith: { ...t, databaseUrl: url.toString() } });
    try {
      const people = await Promise.all(Array.from({ length: 6 }, () => signUpAndLogin(strict.app)));
      for (const person of people) {
        await verify(strict.app, adminToken, person.user._id);
        await fundUser(strict.app, adminToken, person.user._id, 1000);
        await saveUsableWithdrawalAddress(strict, clock, person.token, {
          coin: 'btc',
          address: BTC_ADDRESS,
          password: person.input.password,
        });
        await requestDeposit(strict.app, person.token, '100', 'btc');
      }
      for (let round = 0; round < 3; round += 1) {
        const pending = await Promise.all(
          people.map((person) => newestDepositId(strict.app, adminToken, person.user._id)),
        );
        const responses = await Promise.all([
          ...pending.map((id) =>
            strict.app.inject({
              method: 'PUT',
              url: `/api/admin/approveDeposit/${id}`,
              headers: bearer(adminToken),
            }),
          ),
          ...people.map((person) => requestDeposit(strict.app, person.token, '100', 'btc')),
          ...people.map((person) =>
            strict.app.inject({
              method: 'POST',
              url: '/api/user/withdraw',
              headers: bearer(person.token),
              payload: { amount: 10, method: 'btc', address: BTC_ADDRESS },
            }),
          ),
        ]);
        const statuses = responses.map((response) => response.statusCode);
        expect(statuses).toEqual([
          ...people.map(() => 200),
          ...people.map(() => 200),
          ...people.map(() => 201),
        ]);
      }
      for (const person of people) {
        expect(await balanceOf(strict.app, person.token, person.user._id)).toBe(1000 + 300 - 30);
      }
    } finally {
      await strict.close();
    }
  });

  it.each([
    ['approve after decline', 'declineDeposit', 'approveDeposit'],
    ['decline after approve', 'approveDeposit', 'declineDeposit'],
    ['double decline', 'declineDeposit', 'declineDeposit'],
    ['double approve', 'approveDeposit', 'approveDeposit'],
  ] as const)('refuses %s with 409 and moves no money', async (_name, first, second) => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '100', 'btc');
    const id = await newestDepositId(t.app, adminToken, user._id);
    expect((await decide(first, id)).statusCode).toBe(200);
    const balance = await balanceOf(t.app, token, user._id);
    const transfers = await countRows('ledger_transfers');
    const response = await decide(second, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This transaction has already been processed.');
    expect(await balanceOf(t.app, token, user._id)).toBe(balance);
    expect(await countRows('ledger_transfers')).toBe(transfers);
  });

  it('declines with a reason the user sees, moving nothing', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '100', 'btc');
    const id = await newestDepositId(t.app, adminToken, user._id);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/declineDeposit/${id}`,
      headers: bearer(adminToken),
      payload: { reason: 'No payment arrived' },
    });
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(t.app, token, user._id)).toBe(0);
    const history = await t.app.inject({ url: '/api/user/transactions', headers: bearer(token) });
    expect(history.json().data[0]).toMatchObject({ status: 'rejected', reason: 'No payment arrived' });
  });

  it('records each decision at the platform clock’s time', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const decidedAt = async (id: string) =>
      (await t.pool.query<{ decided_at: Date }>('select decided_at from deposits where id = $1', [id]))
        .rows[0]?.decided_at;

    await requestDeposit(t.app, token, '100', 'btc');
    const approved = await newestDepositId(t.app, adminToken, user._id);
    clock.advance(36 * 60 * 60_000);
    expect((await decide('approveDeposit', approved)).statusCode).toBe(200);
    expect(await decidedAt(approved)).toEqual(clock.now());

    await requestDeposit(t.app, token, '110', 'eth');
    const declined = await newestDepositId(t.app, adminToken, user._id);
    clock.advance(60_000);
    expect((await decide('declineDeposit', declined)).statusCode).toBe(200);
    expect(await decidedAt(declined)).toEqual(clock.now());
  });

  it('answers an unknown or malformed id with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await decide('approveDeposit', encodeURIComponent(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Transaction not found.');
    }
  });
});

describe('GET /api/admin/allTransactions', () => {
  it('lists the Transaction fields newest first, filtered by status and type, paged', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '60', 'btc');
    await requestDeposit(t.app, token, '70', 'eth');
    const response = await t.app.inject({
      url: '/api/admin/allTransactions?status=pending&type=deposit&pageSize=2',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      type: 'deposit',
      mode: 'eth',
      amount: 70,
      status: 'pending',
      fullName: user.fullName,
    });
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['_id', 'type', 'mode', 'fullName', 'amount', 'status', 'createdAt', 'image']),
    );
    expect(body.total).toBeGreaterThanOrEqual(2);
    const bad = await t.app.inject({
      url: '/api/admin/allTransactions?status=lost',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists withdrawals alone with the same fields, and both kinds merged newest first', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, user._id);
    await saveUsableWithdrawalAddress(t, clock, token, {
      coin: 'eth',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      password: input.password,
    });
    await fundUser(t.app, adminToken, user._id, 500);
    await requestDeposit(t.app, token, '80', 'btc');
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(token),
      payload: { amount: 90, method: 'eth', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    expect(withdrawal.statusCode).toBe(201);

    const withdrawals = await t.app.inject({
      url: '/api/admin/allTransactions?type=withdrawal&status=pending&pageSize=1',
      headers: bearer(adminToken),
    });
    expect(withdrawals.statusCode).toBe(200);
    expect(withdrawals.json().data[0]).toMatchObject({
      _id: withdrawal.json().data._id,
      type: 'withdrawal',
      mode: 'eth',
      amount: 90,
      status: 'pending',
      fullName: user.fullName,
      image: null,
      duplicateProof: false,
    });
    const beyond = await t.app.inject({
      url: '/api/admin/allTransactions?type=withdrawal&page=999',
      headers: bearer(adminToken),
    });
    expect(beyond.json()).toMatchObject({ data: [], total: withdrawals.json().total, page: 999 });
    const both = await t.app.inject({
      url: '/api/admin/allTransactions?pageSize=2',
      headers: bearer(adminToken),
    });
    expect(both.json().data.map((row: { type: string; amount: number }) => [row.type, row.amount])).toEqual([
      ['withdrawal', 90],
      ['deposit', 80],
    ]);
  });
});

describe('deep pages of GET /api/admin/allTransactions', () => {
  it('gives every page, filtered or not, exactly the rows an offset over the merged list gives', async () => {
    // A database of its own, filled by SQL: 45 deposits and 18 withdrawals over four hours, sharing a
    // few timestamps, so the order falls back to the ids and page edges meet ties and hour edges.
    const own = await createTestApp();
    try {
      const ownAdmin = await login(own.app, ADMIN.email, ADMIN.password);
      const { user } = await signUpAndLogin(own.app);
      await own.pool.query(
        `insert into deposits (user_id, mode, amount_cents, status, created_at)
         select $1, 'btc', 5000 + i, (array['pending','approved','rejected'])[1 + i % 3],
           timestamptz '2026-01-01' + make_interval(mins => (i % 7) * 25)
         from generate_series(1, 45) as i`,
        [user._id],
      );
      await own.pool.query(
        `insert into withdrawals (user_id, method, amount_cents, address, status, payout_state, created_at)
         select $1, 'eth', 7000 + i, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
           (array['pending','approved','rejected'])[1 + i % 3], (array[null,'paid',null])[1 + i % 3],
           timestamptz '2026-01-01' + make_interval(mins => (i % 5) * 40)
         from generate_series(1, 18) as i`,
        [user._id],
      );
      // Decisions move rows between the statuses' counts.
      await own.pool.query("update deposits set status = 'approved' where amount_cents % 4 = 0");
      const pageSize = 7;
      const filters: Record<string, string>[] = [
        {},
        { status: 'pending' },
        { type: 'deposit' },
        { type: 'withdrawal', status: 'approved' },
      ];
      for (const filter of filters) {
        const { rows } = await own.pool.query<{ id: string }>(
          `select id from (
             select id, 'deposit' as type, status, created_at from deposits
             union all select id, 'withdrawal', status, created_at from withdrawals) merged
           where ($1::text is null or type = $1) and ($2::text is null or status = $2)
           order by created_at desc, id desc`,
          [filter.type ?? null, filter.status ?? null],
        );
        const pages = Math.ceil(rows.length / pageSize) + 1;
        for (let page = 1; page <= pages; page += 1) {
          const query = new URLSearchParams({ ...filter, page: String(page), pageSize: String(pageSize) });
          const response = await own.app.inject({
            url: `/api/admin/allTransactions?${query}`,
            headers: bearer(ownAdmin.token),
          });
          expect(response.statusCode).toBe(200);
          const expected = rows.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id);
          expect(
            response.json().data.map((row: { _id: string }) => row._id),
            `${query}`,
          ).toEqual(expected);
          expect(response.json().total).toBe(rows.length);
        }
      }
    } finally {
      await own.close();
    }
  });
});
