import type { Plan } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { multipart, requestDeposit, saveUsableWithdrawalAddress, verify } from '../../../test/money.ts';
import { bearer, login, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { TRANSFER_KINDS } from '../../db/schema/ledger.ts';
import { HOUR_MS } from '../../lib/time.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** Paid by the plan payout job, which no route runs. */
const SCHEDULED_KINDS = ['plan_return', 'principal_return'];

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

/** Everything a money route can change: every balance, every transfer, and the rows they settle. */
async function moneyState() {
  const { rows } = await t.pool.query(`
    select
      (select json_agg(json_build_array(id, balance_cents::text) order by id) from ledger_accounts) as balances,
      (select count(*)::int from ledger_transfers) as transfers,
      (select json_agg(json_build_array(id, status) order by id) from deposits) as deposits,
      (select json_agg(json_build_array(id, status) order by id) from withdrawals) as withdrawals,
      (select count(*)::int from investments) as investments,
      (select count(*)::int from audit_log) as audit_entries
  `);
  return rows[0];
}

interface MoneyCall {
  method: 'POST' | 'PUT';
  /** The contract's path, to find it among the registered routes. */
  route: string;
  url: string;
  token: string;
  payload?: object;
  headers?: Record<string, string>;
}

let keyNumber = 0;

/**
 * Sends the call, then sends it again with the same Idempotency-Key as a client retrying after a
 * lost answer would: the second answer is the first one again, and nothing moved in between.
 */
async function sendTwice(call: MoneyCall) {
  const contract = t.app.contracts.find(
    (candidate) => candidate.method === call.method && candidate.path === call.route,
  );
  expect(contract?.idempotent, call.route).toBe(true);
  keyNumber += 1;
  const headers = { ...bearer(call.token), ...call.headers, 'idempotency-key': `replay-${keyNumber}` };
  const send = () =>
    t.app.inject({ method: call.method, url: call.url, headers, payload: call.payload as never });
  const first = await send();
  expect(first.statusCode, `${call.route}: ${first.body}`).toBeLessThan(300);
  const afterFirst = await moneyState();
  const replay = await send();
  expect(replay.statusCode, call.route).toBe(first.statusCode);
  expect(replay.json(), call.route).toEqual(first.json());
  expect(await moneyState(), call.route).toEqual(afterFirst);
  return first.json();
}

async function newestOf(type: 'deposit' | 'withdrawal', userId: string): Promise<string> {
  const response = await t.app.inject({
    url: `/api/admin/allTransactions?type=${type}&status=pending&pageSize=200`,
    headers: bearer(adminToken),
  });
  const row = response.json().data.find((candidate: { userId: string }) => candidate.userId === userId);
  return row._id;
}

describe('every route that moves money, replayed with its Idempotency-Key', () => {
  it('answers the retry with the first answer and moves nothing more', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, user._id);
    const adjust = (payload: object) =>
      sendTwice({
        method: 'PUT',
        route: '/api/admin/creditOrDebit/:id',
        url: `/api/admin/creditOrDebit/${user._id}`,
        token: adminToken,
        payload,
      });
    await adjust({ mode: 'credit', amount: 1000, reason: 'opening balance' });
    await adjust({ mode: 'debit', amount: 10, reason: 'fee' });

    const deposit = (amount: string) => {
      const form = multipart({ mode: 'btc', amount });
      return sendTwice({
        method: 'POST',
        route: '/api/user/deposit',
        url: '/api/user/deposit',
        token,
        payload: form.payload,
        headers: form.headers,
      });
    };
    await deposit('100');
    await sendTwice({
      method: 'PUT',
      route: '/api/admin/approveDeposit/:id',
      url: `/api/admin/approveDeposit/${await newestOf('deposit', user._id)}`,
      token: adminToken,
    });
    await deposit('60');
    await sendTwice({
      method: 'PUT',
      route: '/api/admin/declineDeposit/:id',
      url: `/api/admin/declineDeposit/${await newestOf('deposit', user._id)}`,
      token: adminToken,
      payload: { reason: 'no payment arrived' },
    });

    const plans: Plan[] = (await t.app.inject({ url: '/api/plans' })).json().data;
    const plan = plans[0];
    expect(plan).toBeDefined();
    await sendTwice({
      method: 'POST',
      route: '/api/user/invest',
      url: '/api/user/invest',
      token,
      payload: { planId: plan?._id, amount: plan?.minAmount },
    });

    await saveUsableWithdrawalAddress(t, clock, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: 'Secret#Pass1',
    });
    const withdraw = (amount: number) =>
      sendTwice({
        method: 'POST',
        route: '/api/user/withdraw',
        url: '/api/user/withdraw',
        token,
        payload: { amount, method: 'btc', address: BTC_ADDRESS },
      });
    const paid = await withdraw(60);
    await sendTwice({
      method: 'PUT',
      route: '/api/admin/approveWithdrawal/:id',
      url: `/api/admin/approveWithdrawal/${paid.data._id}`,
      token: adminToken,
      payload: { txHash: 'f'.repeat(64) },
    });
    const declined = await withdraw(20);
    await sendTwice({
      method: 'PUT',
      route: '/api/admin/declineWithdrawal/:id',
      url: `/api/admin/declineWithdrawal/${declined.data._id}`,
      token: adminToken,
      payload: { reason: 'address under review' },
    });

    await sendTwice({
      method: 'PUT',
      route: '/api/admin/fundReserve',
      url: '/api/admin/fundReserve',
      token: adminToken,
      payload: { amount: 500, note: 'operator top-up' },
    });

    // The walk caused every kind of transfer a request can cause.
    const { rows } = await t.pool.query<{ kind: string }>('select distinct kind from ledger_transfers');
    expect(rows.map(({ kind }) => kind).sort()).toEqual(
      TRANSFER_KINDS.filter((kind) => !SCHEDULED_KINDS.includes(kind)).sort(),
    );
    const health = (
      await t.app.inject({ url: '/api/admin/ledger/health', headers: bearer(adminToken) })
    ).json();
    expect(health.data).toMatchObject({ isHealthy: true, totalCents: '0' });
  });
});

describe('an Idempotency-Key, honoured for IDEMPOTENCY_RETENTION_HOURS (168 by default)', () => {
  it('replays a retry 167 hours after the first use, and runs one 169 hours after as a new request', async () => {
    expect(t.config.retention.idempotencyKeysMs).toBe(168 * HOUR_MS);
    const { input, user } = await signUpAndLogin(t.app);
    // Sessions end long before a week is over: each retry signs in again, as the client would.
    const depositWithKey = async () => {
      const { token } = await login(t.app, input.email, input.password);
      return requestDeposit(t.app, token, '75', 'btc', { 'idempotency-key': 'retention-check' });
    };
    const depositCount = async () =>
      (await t.pool.query('select count(*)::int as total from deposits where user_id = $1', [user._id]))
        .rows[0].total;

    const first = await depositWithKey();
    expect(first.statusCode).toBe(200);
    clock.advance(167 * HOUR_MS);
    const replay = await depositWithKey();
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await depositCount()).toBe(1);

    clock.advance(2 * HOUR_MS);
    const later = await depositWithKey();
    expect(later.statusCode).toBe(200);
    expect(await depositCount()).toBe(2);
  });

  it('is described with the same figure in the API reference', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const deposit = document.paths['/api/user/deposit'].post;
    const header = deposit.parameters.find(
      (parameter: { name: string }) => parameter.name === 'Idempotency-Key',
    );
    expect(header.description).toBe(
      'The same key replays the first answer instead of running the request again, for 168 hours after its first use.',
    );
  });
});
