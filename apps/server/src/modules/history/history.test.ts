import type { HistoryItem, Plan } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

function history(token: string, query = '') {
  return t.app.inject({ url: `/api/user/transactions${query}`, headers: bearer(token) });
}

/** A verified user with an adjustment, a declined and an approved deposit, an investment and a withdrawal. */
async function userWithEveryKind() {
  const { token, user } = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, user._id);
  await fundUser(t.app, adminToken, user._id, 500);
  expect((await requestDeposit(t.app, token, '80')).statusCode).toBe(200);
  const declined = await newestDepositId(t.app, adminToken, user._id);
  const decline = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/declineDeposit/${declined}`,
    headers: bearer(adminToken),
    payload: { reason: 'no payment arrived' },
  });
  expect(decline.statusCode).toBe(200);
  expect((await requestDeposit(t.app, token, '120', 'eth')).statusCode).toBe(200);
  const [plan] = (await t.app.inject({ url: '/api/plans' })).json().data as Plan[];
  const invest = await t.app.inject({
    method: 'POST',
    url: '/api/user/invest',
    headers: bearer(token),
    payload: { planId: plan?._id, amount: plan?.minAmount },
  });
  expect(invest.statusCode).toBe(201);
  await saveUsableWithdrawalAddress(t, clock, token, {
    coin: 'btc',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    password: 'Secret#Pass1',
  });
  const withdraw = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount: 30, method: 'btc', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  });
  expect(withdraw.statusCode).toBe(201);
  return { token, user, plan: plan as Plan };
}

describe('GET /api/user/transactions', () => {
  it('lists everything that touched the user’s money, newest first, with the history fields', async () => {
    const { token, plan } = await userWithEveryKind();
    const response = await history(token);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 5 });
    expect(page.data.map((item: HistoryItem) => [item.type, item.mode, item.amount, item.status])).toEqual([
      ['withdrawal', 'btc', 30, 'pending'],
      ['plan', 'investment', plan.minAmount, 'approved'],
      ['deposit', 'eth', 120, 'pending'],
      ['deposit', 'btc', 80, 'rejected'],
      ['adjustment', 'credit', 500, 'approved'],
    ]);
    expect(page.data[3].reason).toBe('no payment arrived');
    for (const item of page.data as HistoryItem[]) {
      expect(Object.keys(item).sort()).toEqual(
        ['_id', 'amount', 'createdAt', 'mode', 'payoutReference', 'reason', 'status', 'type'].sort(),
      );
      // Nothing here was paid out: only a paid withdrawal carries a payout reference.
      expect(item.payoutReference).toBeNull();
      expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    }
  });

  it('pages the list: each page its slice, the total the same on every page', async () => {
    const { token } = await userWithEveryKind();
    const all = (await history(token)).json().data as HistoryItem[];
    const pages = await Promise.all([1, 2, 3].map((page) => history(token, `?page=${page}&pageSize=2`)));
    const answers = pages.map((response) => response.json());
    expect(answers.map((answer) => answer.total)).toEqual([5, 5, 5]);
    expect(answers.map((answer) => answer.data.length)).toEqual([2, 2, 1]);
    expect(answers.flatMap((answer) => answer.data.map((item: HistoryItem) => item._id))).toEqual(
      all.map((item) => item._id),
    );
    const beyond = (await history(token, '?page=4&pageSize=2')).json();
    expect(beyond).toMatchObject({ data: [], page: 4, pageSize: 2, total: 5 });
  });

  it('filters by type, the total counting only that type', async () => {
    const { token } = await userWithEveryKind();
    const expected = { deposit: 2, withdrawal: 1, adjustment: 1, plan: 1 };
    for (const [type, total] of Object.entries(expected)) {
      const page = (await history(token, `?type=${type}`)).json();
      expect(page.total, type).toBe(total);
      expect(
        page.data.every((item: HistoryItem) => item.type === type),
        type,
      ).toBe(true);
    }
  });

  it('refuses a malformed query with 400 and a message', async () => {
    const { token } = await signUpAndLogin(t.app);
    for (const query of ['?type=bonus', '?page=0', '?pageSize=201', '?page=two']) {
      const response = await history(token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });

  it('shows each user only their own history, and needs a signed-in user', async () => {
    const owner = await userWithEveryKind();
    const other = await signUpAndLogin(t.app);
    const ownIds = new Set(
      ((await history(owner.token)).json().data as HistoryItem[]).map((item) => item._id),
    );
    const othersPage = (await history(other.token)).json();
    expect(othersPage).toMatchObject({ data: [], total: 0 });
    const othersWithFilter = (await history(other.token, '?type=deposit')).json();
    expect(othersWithFilter.data.some((item: HistoryItem) => ownIds.has(item._id))).toBe(false);

    expect((await t.app.inject({ url: '/api/user/transactions' })).statusCode).toBe(401);
    const adminList = await t.app.inject({ url: '/api/admin/allTransactions', headers: bearer(other.token) });
    expect(adminList.statusCode).toBe(403);
  });
});
