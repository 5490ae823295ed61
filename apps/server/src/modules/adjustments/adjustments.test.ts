import { describe, expect, it } from 'vitest';
import { balanceOf, ledgerHealth } from '../../../test/money.ts';
import { ADMIN, bearer, login, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

function adjust(userId: string, payload: object, token = adminToken) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/creditOrDebit/${userId}`,
    headers: bearer(token),
    payload,
  });
}

describe('PUT /api/admin/creditOrDebit/:id', () => {
  it('credits and debits with a reason the user sees in their history', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const credit = await adjust(user._id, { mode: 'credit', amount: 250, reason: 'Welcome bonus' });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({
      message: 'Account credited successfully.',
      data: { accountBalance: 250, acctBalance: 250 },
    });
    const debit = await adjust(user._id, { mode: 'debit', amount: '50.25', reason: 'Fee correction' });
    expect(debit.statusCode).toBe(200);
    expect(await balanceOf(t.app, token, user._id)).toBe(199.75);
    const history = (
      await t.app.inject({ url: '/api/user/transactions?type=adjustment', headers: bearer(token) })
    ).json();
    expect(history.data).toEqual([
      expect.objectContaining({ mode: 'debit', amount: 50.25, reason: 'Fee correction' }),
      expect.objectContaining({ mode: 'credit', amount: 250, reason: 'Welcome bonus' }),
    ]);
  });

  it('reads an id written in capitals as the same user, and never lets an admin act on their own account by it', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const credit = await adjust(user._id.toUpperCase(), { mode: 'credit', amount: 30 });
    expect(credit.statusCode).toBe(200);
    expect(await balanceOf(t.app, token, user._id.toUpperCase())).toBe(30);

    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const ownId = admin.user._id.toUpperCase();
    for (const [method, url] of [
      ['PUT', `/api/admin/suspendUser/${ownId}`],
      ['DELETE', `/api/admin/deleteOneUser/${ownId}`],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: bearer(adminToken) });
      expect(refused.statusCode, url).toBe(409);
    }
    const stillAdmin = await t.app.inject({ url: `/api/admin/ledger/health`, headers: bearer(admin.token) });
    expect(stillAdmin.statusCode).toBe(200);
  });

  it('refuses a debit larger than the balance and changes nothing', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await adjust(user._id, { mode: 'credit', amount: 100 });
    const response = await adjust(user._id, { mode: 'debit', amount: 100.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Insufficient balance.');
    expect(await balanceOf(t.app, token, user._id)).toBe(100);
  });

  it.each([
    [{ amount: 10 }, 'All fields must be required'],
    [{ mode: 'credit' }, 'All fields must be required'],
    [{ mode: 'gift', amount: 10 }, 'All fields must be filled and mode must be either credit or debit'],
    [{ mode: 'credit', amount: 0 }, 'Please enter a valid amount.'],
    [{ mode: 'credit', amount: -5 }, 'Please enter a valid amount.'],
    [{ mode: 'credit', amount: '1e5' }, 'Please enter a valid amount.'],
    [{ mode: 'credit', amount: 'ten' }, 'Please enter a valid amount.'],
    [{ mode: 'credit', amount: 10 ** 15 }, 'Please enter a valid amount.'],
    [{ mode: 'credit', amount: 10, reason: 42 }, 'reason has the wrong type.'],
  ])('refuses %j with its message', async (payload, message) => {
    const { token, user } = await signUpAndLogin(t.app);
    const response = await adjust(user._id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await balanceOf(t.app, token, user._id)).toBe(0);
  });

  it('answers an unknown user with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await adjust(id, { mode: 'credit', amount: 10 });
      expect(response.statusCode).toBe(404);
    }
  });

  it('loses nothing when 50 credits from different admin sessions arrive at once', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const sessions = await Promise.all(
      Array.from({ length: 5 }, async () => (await login(t.app, ADMIN.email, ADMIN.password)).token),
    );
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        adjust(user._id, { mode: 'credit', amount: index + 1 }, sessions[index % sessions.length]),
      ),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await balanceOf(t.app, token, user._id)).toBe((50 * 51) / 2);
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true, totalCents: '0' });
  });
});
