import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
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

describe('the ledger table', () => {
  it('refuses to update, delete or truncate a transfer, even from SQL', async () => {
    const { user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 25);

    await expect(t.pool.query('update ledger_transfers set amount_cents = 1')).rejects.toThrow(
      /append-only: UPDATE/,
    );
    await expect(t.pool.query('delete from ledger_transfers')).rejects.toThrow(/append-only: DELETE/);
    await expect(t.pool.query('truncate ledger_transfers')).rejects.toThrow(/append-only: TRUNCATE/);
    expect(await balanceOf(t.app, adminToken, user._id)).toBe(25);
  });

  it('reports a healthy ledger with the totals of each platform account', async () => {
    const { user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 10);
    const health = await ledgerHealth(t.app, adminToken);
    expect(health).toMatchObject({
      isHealthy: true,
      totalCents: '0',
      negativeUserBalances: 0,
      mismatchedBalances: 0,
      unsettledApprovedDeposits: 0,
      unsettledDecidedWithdrawals: 0,
    });
    expect(health.platformAccounts.adjustments).toBeLessThanOrEqual(-10);
  });

  it('turns unhealthy when a stored balance no longer matches its transfers, and says which figure', async () => {
    const { user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 10);
    const tamper = (sql: string) => t.pool.query(sql, [user._id]);
    // Balances are not append-only like transfers; the health check is what catches a change by hand.
    await tamper(
      "update ledger_accounts set balance_cents = balance_cents + 500 where user_id = $1 and kind = 'available'",
    );
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({
      isHealthy: false,
      totalCents: '500',
      mismatchedBalances: 1,
    });
    await tamper(
      "update ledger_accounts set balance_cents = balance_cents - 500 where user_id = $1 and kind = 'available'",
    );
    await t.pool.query(
      "update ledger_accounts set balance_cents = 7 where user_id is null and kind = 'deposits'",
    );
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: false, mismatchedBalances: 1 });
    await t.pool.query(
      "update ledger_accounts set balance_cents = 0 where user_id is null and kind = 'deposits'",
    );
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true, mismatchedBalances: 0 });
  });

  it('serves the console banner the latest exact report for a minute, and computes anew when asked directly', async () => {
    const { user } = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, user._id, 10);
    const cached = async () => {
      const response = await t.app.inject({
        url: '/api/admin/ledger/health?cached=true',
        headers: bearer(adminToken),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const exact = await ledgerHealth(t.app, adminToken);
    expect(exact).toMatchObject({ isHealthy: true });
    await t.pool.query(
      "update ledger_accounts set balance_cents = balance_cents + 500 where user_id = $1 and kind = 'available'",
      [user._id],
    );
    // The banner reads the report of a moment ago instead of every transfer again.
    expect(await cached()).toEqual({ ...exact, checkedAt: expect.any(String) });
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: false, mismatchedBalances: 1 });
    expect(await cached()).toMatchObject({ isHealthy: false, mismatchedBalances: 1 });
    await t.pool.query(
      "update ledger_accounts set balance_cents = balance_cents - 500 where user_id = $1 and kind = 'available'",
      [user._id],
    );
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true });
    expect(await cached()).toMatchObject({ isHealthy: true });
    const bad = await t.app.inject({
      url: '/api/admin/ledger/health?cached=maybe',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("posts 8 clients' credits at once from the one adjustments account without losing any", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => signUpAndLogin(t.app)));
    await Promise.all(
      people.flatMap(({ user }) => Array.from({ length: 5 }, () => fundUser(t.app, adminToken, user._id, 3))),
    );
    for (const { user } of people) expect(await balanceOf(t.app, adminToken, user._id)).toBe(15);
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true, totalCents: '0' });
  });
});

/**
 * A model of one user's money: what the balance must be after any sequence of operations,
 * computed from the operations alone.
 */
interface Model {
  balanceCents: number;
  pendingDeposits: { id: string; amountCents: number }[];
  pendingWithdrawals: { id: string; amountCents: number }[];
}

type Step =
  | { op: 'deposit'; amountCents: number }
  | { op: 'approveDeposit' | 'declineDeposit'; pick: number }
  | { op: 'credit' | 'debit' | 'withdraw'; amountCents: number }
  | { op: 'approveWithdrawal' | 'declineWithdrawal'; pick: number };

const amountCents = fc.integer({ min: 1, max: 200_000 });
const pick = fc.nat({ max: 10 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amountCents: fc.integer({ min: 5000, max: 200_000 }) }),
  fc.record({ op: fc.constantFrom('approveDeposit' as const, 'declineDeposit' as const), pick }),
  fc.record({ op: fc.constantFrom('credit' as const, 'debit' as const, 'withdraw' as const), amountCents }),
  fc.record({ op: fc.constantFrom('approveWithdrawal' as const, 'declineWithdrawal' as const), pick }),
);

const usd = (cents: number) => (cents / 100).toFixed(2);

async function apply(model: Model, user: { id: string; token: string }, current: Step): Promise<void> {
  const admin = bearer(adminToken);
  switch (current.op) {
    case 'deposit': {
      const response = await requestDeposit(t.app, user.token, usd(current.amountCents));
      expect(response.statusCode).toBe(200);
      const created = response.json().data.deposits[0];
      model.pendingDeposits.push({ id: created._id, amountCents: current.amountCents });
      return;
    }
    case 'approveDeposit':
    case 'declineDeposit': {
      const chosen = model.pendingDeposits[current.pick % Math.max(model.pendingDeposits.length, 1)];
      if (!chosen) return;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/${current.op}/${chosen.id}`,
        headers: admin,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      model.pendingDeposits = model.pendingDeposits.filter((deposit) => deposit !== chosen);
      if (current.op === 'approveDeposit') model.balanceCents += chosen.amountCents;
      // Deciding it again must be refused and move nothing.
      const again = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/approveDeposit/${chosen.id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(409);
      return;
    }
    case 'credit':
    case 'debit': {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/creditOrDebit/${user.id}`,
        headers: admin,
        payload: { mode: current.op, amount: usd(current.amountCents), reason: 'property test' },
      });
      const fits = current.op === 'credit' || current.amountCents <= model.balanceCents;
      expect(response.statusCode).toBe(fits ? 200 : 409);
      if (fits) model.balanceCents += current.op === 'credit' ? current.amountCents : -current.amountCents;
      return;
    }
    case 'withdraw': {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/withdraw',
        headers: bearer(user.token),
        payload: { amount: usd(current.amountCents), method: 'btc', address: BTC_ADDRESS },
      });
      const fits = current.amountCents <= model.balanceCents;
      expect(response.statusCode).toBe(fits ? 201 : 409);
      if (fits) {
        model.balanceCents -= current.amountCents;
        model.pendingWithdrawals.push({ id: response.json().data._id, amountCents: current.amountCents });
      }
      return;
    }
    case 'approveWithdrawal':
    case 'declineWithdrawal': {
      const chosen = model.pendingWithdrawals[current.pick % Math.max(model.pendingWithdrawals.length, 1)];
      if (!chosen) return;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/${current.op}/${chosen.id}`,
        headers: admin,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      model.pendingWithdrawals = model.pendingWithdrawals.filter((withdrawal) => withdrawal !== chosen);
      if (current.op === 'declineWithdrawal') model.balanceCents += chosen.amountCents;
      return;
    }
  }
}

describe('any sequence of money operations', () => {
  it('keeps the ledger summing to zero, no balance negative, and each balance equal to its history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { token, user, input } = await signUpAndLogin(t.app);
        await verify(t.app, adminToken, user._id);
        await saveUsableWithdrawalAddress(t, clock, token, {
          coin: 'btc',
          address: BTC_ADDRESS,
          password: input.password,
        });
        const model: Model = { balanceCents: 0, pendingDeposits: [], pendingWithdrawals: [] };
        for (const current of steps) {
          await apply(model, { id: user._id, token }, current);
          expect(Math.round((await balanceOf(t.app, token, user._id)) * 100)).toBe(model.balanceCents);
          const health = await ledgerHealth(t.app, adminToken);
          expect(health.isHealthy).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
    // 25 generated accounts, each signed up and driven through up to 14 money steps: about 20 s
    // alone, and several times that when the machine is busy.
  }, 180_000);

  it('keeps the admin list totals equal to a real count of every type and state', async () => {
    const counted = await t.pool.query<{ type: string; status: string; count: string }>(`
      select 'deposit' as type, status, count(*)::text as count from deposits group by status
      union all select 'withdrawal', status, count(*)::text from withdrawals group by status`);
    expect(counted.rows.length).toBeGreaterThan(2);
    for (const { type, status, count } of counted.rows) {
      const response = await t.app.inject({
        url: `/api/admin/allTransactions?type=${type}&status=${status}&pageSize=1`,
        headers: bearer(adminToken),
      });
      expect(response.json().total, `${type} ${status}`).toBe(Number(count));
    }
  });
});
