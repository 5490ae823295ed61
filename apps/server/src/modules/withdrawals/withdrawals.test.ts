import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

async function verifiedUserWith(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  if (amount > 0) await fundUser(t.app, adminToken, person.user._id, amount);
  for (const [coin, address] of [
    ['btc', BTC_ADDRESS],
    ['eth', ETH_ADDRESS],
  ] as const) {
    await saveUsableWithdrawalAddress(t, clock, person.token, {
      coin,
      address,
      password: person.input.password,
    });
  }
  return person;
}

function withdraw(token: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

function decide(action: 'approveWithdrawal' | 'declineWithdrawal', id: string, payload: object = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/${action}/${id}`,
    headers: bearer(adminToken),
    payload,
  });
}

describe('POST /api/user/withdraw', () => {
  it('holds the amount at once and lists the pending request', async () => {
    const { token, user } = await verifiedUserWith(500);
    const response = await withdraw(token, { amount: 200, method: 'btc', address: BTC_ADDRESS });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: MESSAGES.withdrawalRequested,
      data: { amount: 200, method: 'btc', address: BTC_ADDRESS, status: 'pending' },
    });
    expect(await balanceOf(t.app, token, user._id)).toBe(300);
    const mine = await t.app.inject({ url: '/api/user/withdrawals', headers: bearer(token) });
    expect(mine.json().data).toHaveLength(1);
  });

  it('refuses an unverified user with the reason', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await withdraw(token, { amount: 10, method: 'btc', address: BTC_ADDRESS });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.mustBeVerifiedToWithdraw);
  });

  it.each([
    [{ amount: 10, method: 'btc', address: ETH_ADDRESS }, 400, MESSAGES.invalidAddress],
    [
      { amount: 10, method: 'eth', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      400,
      MESSAGES.invalidAddress,
    ],
    [{ amount: 10, method: 'usdt', address: 'not an address' }, 400, MESSAGES.invalidAddress],
    [{ amount: 10, method: 'doge', address: BTC_ADDRESS }, 400, MESSAGES.unknownCoin],
    [{ amount: -10, method: 'btc', address: BTC_ADDRESS }, 400, MESSAGES.invalidAmount],
    [{ amount: '12.345', method: 'btc', address: BTC_ADDRESS }, 400, MESSAGES.invalidAmount],
    [{ amount: 10, method: 'btc' }, 400, MESSAGES.withdrawFieldsRequired],
    [{ amount: 10, method: 'btc', address: 42 }, 400, MESSAGES.invalidAddress],
    [{ amount: 1000.01, method: 'btc', address: BTC_ADDRESS }, 409, 'Insufficient balance.'],
  ])('refuses %j', async (payload, status, message) => {
    const { token, user } = await verifiedUserWith(1000);
    const response = await withdraw(token, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await balanceOf(t.app, token, user._id)).toBe(1000);
  });

  it('lets exactly 10 of 20 racing withdrawals of 100 through a balance of 1,000', async () => {
    const { token, user } = await verifiedUserWith(1000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(token, { amount: 100, method: 'eth', address: ETH_ADDRESS })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().message).toBe('Insufficient balance.');
    }
    expect(await balanceOf(t.app, token, user._id)).toBe(0);
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true, totalCents: '0' });
  });

  it('creates one withdrawal for a retried request with the same Idempotency-Key', async () => {
    const { token, user } = await verifiedUserWith(300);
    const headers = { 'idempotency-key': 'withdraw-once' };
    const payload = { amount: 100, method: 'btc', address: BTC_ADDRESS };
    const first = await withdraw(token, payload, headers);
    const retry = await withdraw(token, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data._id).toBe(first.json().data._id);
    expect(await balanceOf(t.app, token, user._id)).toBe(200);
  });
});

describe('deciding withdrawals', () => {
  it('pays out on approval with the transaction hash, and counts it as withdrawn', async () => {
    const { token, user } = await verifiedUserWith(400);
    const { data } = (await withdraw(token, { amount: 150, method: 'btc', address: BTC_ADDRESS })).json();
    const pending = await t.app.inject({
      url: '/api/admin/withdrawals?status=pending',
      headers: bearer(adminToken),
    });
    expect(pending.json().data.map((row: { _id: string }) => row._id)).toContain(data._id);

    const response = await decide('approveWithdrawal', data._id, { txHash: 'abc123' });
    expect(response.statusCode).toBe(200);
    const profile = (
      await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) })
    ).json();
    expect(profile.data).toMatchObject({ accountBalance: 250, totalWithdrawn: 150 });
    const mine = (await t.app.inject({ url: '/api/user/withdrawals', headers: bearer(token) })).json();
    expect(mine.data[0]).toMatchObject({ status: 'approved', payoutTxHash: 'abc123' });
    // The depositor's history carries the payout reference too, not only the e-mail.
    const history = (
      await t.app.inject({ url: '/api/user/transactions?type=withdrawal', headers: bearer(token) })
    ).json();
    expect(history.data[0]).toMatchObject({ _id: data._id, status: 'approved', payoutReference: 'abc123' });
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('returns the held amount on decline, with the reason in the history', async () => {
    const { token, user } = await verifiedUserWith(400);
    const { data } = (await withdraw(token, { amount: 150, method: 'btc', address: BTC_ADDRESS })).json();
    expect(await balanceOf(t.app, token, user._id)).toBe(250);
    const response = await decide('declineWithdrawal', data._id, { reason: 'Address on a sanctions list' });
    expect(response.statusCode).toBe(200);
    expect(await balanceOf(t.app, token, user._id)).toBe(400);
    const history = (
      await t.app.inject({ url: '/api/user/transactions?type=withdrawal', headers: bearer(token) })
    ).json();
    expect(history.data[0]).toMatchObject({ status: 'rejected', reason: 'Address on a sanctions list' });
  });

  it('refuses to decide a withdrawal twice, and moves nothing more', async () => {
    const { token, user } = await verifiedUserWith(400);
    const { data } = (await withdraw(token, { amount: 100, method: 'btc', address: BTC_ADDRESS })).json();
    const responses = await Promise.all([
      decide('approveWithdrawal', data._id),
      decide('declineWithdrawal', data._id),
      decide('approveWithdrawal', data._id),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const balance = await balanceOf(t.app, token, user._id);
    expect([300, 400]).toContain(balance);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it("keeps one user's withdrawals from another", async () => {
    const alice = await verifiedUserWith(200);
    const bob = await verifiedUserWith(0);
    await withdraw(alice.token, { amount: 50, method: 'btc', address: BTC_ADDRESS });
    const bobs = await t.app.inject({ url: '/api/user/withdrawals', headers: bearer(bob.token) });
    expect(bobs.json().data).toHaveLength(0);
  });
});
