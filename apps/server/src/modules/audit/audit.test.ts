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

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

async function auditFor(targetType: string, targetId: string) {
  const response = await t.app.inject({
    url: `/api/admin/audit?targetType=${targetType}&targetId=${targetId}`,
    headers: bearer(adminToken),
  });
  return response.json().data;
}

async function notificationsOf(token: string) {
  return (await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) })).json();
}

describe('what admins do to money is recorded and told', () => {
  it('records deposit decisions in the audit log and notifies the depositor', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await requestDeposit(t.app, token, '120');
    const approvedId = await newestDepositId(t.app, adminToken, user._id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/approveDeposit/${approvedId}`,
      headers: bearer(adminToken),
    });
    await requestDeposit(t.app, token, '60', 'eth');
    const declinedId = await newestDepositId(t.app, adminToken, user._id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/declineDeposit/${declinedId}`,
      headers: bearer(adminToken),
      payload: { reason: 'No payment received' },
    });

    expect(await auditFor('deposit', approvedId)).toMatchObject([
      { action: 'deposit.approve', before: { status: 'pending' }, after: { status: 'approved' } },
    ]);
    expect(await auditFor('deposit', declinedId)).toMatchObject([
      { action: 'deposit.decline', after: { status: 'rejected', reason: 'No payment received' } },
    ]);
    const { data, unread } = await notificationsOf(token);
    expect(unread).toBe(2);
    expect(data.map((item: { title: string; body: string }) => [item.title, item.body])).toEqual([
      ['Deposit declined', 'Your ETH deposit of $60.00 was declined: No payment received'],
      ['Deposit approved', 'Your BTC deposit of $120.00 was approved and added to your balance.'],
    ]);
  });

  it('records withdrawal decisions, plan changes and reserve funding', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, user._id);
    await saveUsableWithdrawalAddress(t, clock, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: input.password,
    });
    await fundUser(t.app, adminToken, user._id, 300);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(token),
      payload: { amount: 100, method: 'btc', address: BTC_ADDRESS },
    });
    const withdrawalId = requested.json().data._id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/approveWithdrawal/${withdrawalId}`,
      headers: bearer(adminToken),
      payload: { txHash: 'abc123' },
    });
    expect(await auditFor('withdrawal', withdrawalId)).toMatchObject([
      { action: 'withdrawal.approve', after: { status: 'approved', txHash: 'abc123' } },
    ]);
    expect((await notificationsOf(token)).data[0]).toMatchObject({
      kind: 'withdrawal',
      title: 'Withdrawal paid',
      body: `Your withdrawal of $100.00 was paid to ${BTC_ADDRESS}.`,
    });

    const plans = (await t.app.inject({ url: '/api/plans' })).json().data;
    const small = plans.find((plan: { name: string }) => plan.name === 'SMALL');
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/${small._id}`,
      headers: bearer(adminToken),
      payload: { name: 'SMALL', rate: 3.7, durationDays: 60, minAmount: 50, maxAmount: 1000 },
    });
    expect(await auditFor('plan', small._id)).toMatchObject([
      { action: 'plan.update', before: { rate: 3.6 }, after: { rate: 3.7 } },
    ]);

    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fundReserve',
      headers: bearer(adminToken),
      payload: { amount: 500, note: 'Q1 reserve' },
    });
    const reserve = await t.app.inject({
      url: '/api/admin/audit?action=reserve.fund',
      headers: bearer(adminToken),
    });
    expect(reserve.json().data).toMatchObject([
      { action: 'reserve.fund', after: { amount: 500, note: 'Q1 reserve' } },
    ]);
  });

  it('records verification, suspension, credits and debits with their reasons, and deletion', async () => {
    const { user } = await signUpAndLogin(t.app);
    const act = (url: string, payload?: object) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
    await act(`/api/admin/verifyUser/${user._id}`);
    await act(`/api/admin/suspendUser/${user._id}`);
    await act(`/api/admin/unsuspendUser/${user._id}`);
    await act(`/api/admin/creditOrDebit/${user._id}`, { mode: 'credit', amount: 40, reason: 'Goodwill' });
    await act(`/api/admin/creditOrDebit/${user._id}`, { mode: 'debit', amount: 40, reason: 'Reversal' });
    // A refused act changes nothing, so it leaves no entry either.
    const refused = await act(`/api/admin/creditOrDebit/${user._id}`, { mode: 'debit', amount: 1 });
    expect(refused.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/deleteOneUser/${user._id}`,
      headers: bearer(adminToken),
    });
    expect(deleted.statusCode).toBe(200);

    const named = { userName: user.userName };
    expect(await auditFor('user', user._id)).toMatchObject([
      { action: 'user.delete', before: { ...named, status: 'active' }, after: { status: 'deleted' } },
      { action: 'user.debit', after: { ...named, amount: 40, reason: 'Reversal' } },
      { action: 'user.credit', after: { ...named, amount: 40, reason: 'Goodwill' } },
      { action: 'user.unsuspend', before: { suspended: true }, after: { suspended: false } },
      { action: 'user.suspend', before: { suspended: false }, after: { suspended: true } },
      { action: 'user.verify', before: { ...named, isVerified: false }, after: { isVerified: true } },
    ]);
  });
});

describe('the audit log', () => {
  it('is append-only in the database', async () => {
    await expect(t.pool.query('update audit_log set action = $1', ['forged'])).rejects.toThrow(/append-only/);
    await expect(t.pool.query('delete from audit_log')).rejects.toThrow(/append-only/);
  });
});
