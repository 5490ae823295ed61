import { MESSAGES, type Plan } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { balanceOf, fundUser, ledgerHealth, verify } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { connectDatabase } from '../../db/client.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import { payDueReturns } from './plan-payouts.ts';

const clock = createTestClock(new Date('2026-01-01T09:00:00Z'));

let t: TestApp;
let adminToken: string;
let plans: Plan[];
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  plans = (await t.app.inject({ url: '/api/plans' })).json().data;
});
afterAll(async () => {
  await t.close();
});

const planNamed = (name: string) => {
  const plan = plans.find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`no plan ${name}`);
  return plan;
};

function invest(token: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/invest',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

async function fundReserve(amount: number) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/fundReserve',
    headers: bearer(adminToken),
    payload: { amount, note: 'test reserve' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function reserveStatus() {
  return (await t.app.inject({ url: '/api/admin/reserve', headers: bearer(adminToken) })).json().data;
}

async function investorWith(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, amount);
  return person;
}

async function myInvestments(token: string) {
  return (await t.app.inject({ url: '/api/user/investments', headers: bearer(token) })).json().data;
}

describe('GET /api/plans', () => {
  it("lists the specification's four plans, publicly, with their terms", async () => {
    expect(
      plans.map(({ name, rate, minAmount, maxAmount }) => ({ name, rate, minAmount, maxAmount })),
    ).toEqual([
      { name: 'SMALL', rate: 3.6, minAmount: 50, maxAmount: 1000 },
      { name: 'STANDARD', rate: 4.3, minAmount: 1000, maxAmount: 9999 },
      { name: 'ADVANCED', rate: 5, minAmount: 10000, maxAmount: 30000 },
      { name: 'CORPORATE', rate: 7, minAmount: 30000, maxAmount: 90000 },
    ]);
    for (const plan of plans) {
      expect(plan).toMatchObject({
        period: 'daily',
        durationDays: 60,
        principalReturn: true,
        status: 'active',
      });
    }
  });
});

describe('investing and the daily returns', () => {
  it('pays 1,000 in SMALL exactly 60 returns of 36.00 and the principal, however often the scheduler runs', async () => {
    await fundReserve(10_000);
    const { token, user } = await investorWith(1000);
    const started = await invest(token, { planId: planNamed('SMALL')._id, amount: 1000 });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      message: MESSAGES.investmentStarted,
      data: {
        planName: 'SMALL',
        amount: 1000,
        rate: 3.6,
        periodsTotal: 60,
        expectedReturn: 2160,
        status: 'active',
      },
    });
    expect(await balanceOf(t.app, token, user._id)).toBe(0);

    for (let day = 1; day <= 61; day += 1) {
      for (const hour of [1, 8, 16]) {
        const dayStart = clock.now().getTime() - (clock.now().getTime() % DAY_MS);
        clock.set(new Date(dayStart + hour * HOUR_MS));
        await payDueReturns(t.db, clock);
      }
      clock.advance(DAY_MS);
    }

    const [investment] = await myInvestments(token);
    expect(investment).toMatchObject({ periodsPaid: 60, totalReturn: 2160, status: 'completed' });
    expect(await balanceOf(t.app, token, user._id)).toBe(3160);
    const history = await t.app.inject({
      url: '/api/user/transactions?type=plan&pageSize=200',
      headers: bearer(token),
    });
    const returns = history.json().data.filter((item: { mode: string }) => item.mode === 'plan_return');
    expect(returns).toHaveLength(60);
    expect(returns.every((item: { amount: number }) => item.amount === 36)).toBe(true);
    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data).toMatchObject({
      totalProfit: 2160,
      totaInterest: 2160,
      accountBalance: 3160,
    });

    await payDueReturns(t.db, clock);
    expect(await balanceOf(t.app, token, user._id)).toBe(3160);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('pays each period once when two scheduler instances race, and catches up after downtime', async () => {
    await fundReserve(10_000);
    const { token, user } = await investorWith(500);
    expect((await invest(token, { planId: planNamed('SMALL')._id, amount: 500 })).statusCode).toBe(201);
    clock.advance(10 * DAY_MS + HOUR_MS);

    const second = connectDatabase(t.pool.options.connectionString ?? '');
    try {
      const runs = await Promise.all([payDueReturns(t.db, clock), payDueReturns(second.db, clock)]);
      const paid = runs.reduce((sum, run) => sum + run.returnsPaid, 0);
      expect(paid).toBe(10);
    } finally {
      await second.close();
    }
    const [investment] = await myInvestments(token);
    expect(investment).toMatchObject({
      periodsPaid: 10,
      totalReturn: 180,
      status: 'active',
      isReturnDelayed: false,
    });
    expect(await balanceOf(t.app, token, user._id)).toBe(180);
  });

  it('never pays beyond the reserve, reports the shortfall, and pays the delayed returns once after funding', async () => {
    // A database of its own: the reserve must start empty.
    const main = t;
    t = await createTestApp({}, { clock });
    const mainAdminToken = adminToken;
    adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/plans',
        headers: bearer(adminToken),
        payload: { name: 'TIGHT', rate: 5, durationDays: 10, minAmount: 50, maxAmount: 1000 },
      });
      expect(created.statusCode).toBe(201);
      const tightPlan = created.json().data as Plan;

      await fundReserve(100);
      const { token, user } = await investorWith(500);
      expect((await invest(token, { planId: tightPlan._id, amount: 500 })).statusCode).toBe(201);
      clock.advance(10 * DAY_MS + HOUR_MS);
      expect(await reserveStatus()).toMatchObject({ balance: 100, dueUnpaid: 250, shortfall: 150 });

      await payDueReturns(t.db, clock);
      let [investment] = await myInvestments(token);
      expect(investment).toMatchObject({
        periodsPaid: 4,
        totalReturn: 100,
        isReturnDelayed: true,
        status: 'active',
      });
      expect(await balanceOf(t.app, token, user._id)).toBe(100);
      expect(await reserveStatus()).toMatchObject({
        balance: 0,
        dueUnpaid: 150,
        shortfall: 150,
        delayedInvestments: 1,
      });

      await payDueReturns(t.db, clock);
      expect(await balanceOf(t.app, token, user._id)).toBe(100);

      await fundReserve(200);
      await payDueReturns(t.db, clock);
      await payDueReturns(t.db, clock);
      [investment] = await myInvestments(token);
      expect(investment).toMatchObject({
        periodsPaid: 10,
        totalReturn: 250,
        isReturnDelayed: false,
        status: 'completed',
      });
      expect(await balanceOf(t.app, token, user._id)).toBe(750);
      expect(await reserveStatus()).toMatchObject({ balance: 50, shortfall: 0, delayedInvestments: 0 });
      expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
    } finally {
      await t.close();
      t = main;
      adminToken = mainAdminToken;
    }
  });
  it('resumes a payout run that died half-way without paying any return twice', async () => {
    // A database of its own: only these investments are due.
    const main = t;
    t = await createTestApp({}, { clock });
    const mainAdminToken = adminToken;
    adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    try {
      await fundReserve(1000);
      const investors = [];
      for (let index = 0; index < 5; index += 1) {
        const investor = await investorWith(100);
        expect(
          (await invest(investor.token, { planId: planNamed('SMALL')._id, amount: 100 })).statusCode,
        ).toBe(201);
        investors.push(investor);
      }
      clock.advance(3 * DAY_MS + HOUR_MS);

      // The run dies while settling the fourth investment in payout order, in its second batch of two.
      const { rows } = await t.pool.query<{ id: string }>(
        "select id from investments where status = 'active' order by started_at, id offset 3 limit 1",
      );
      await t.pool.query(`create function die_mid_payout() returns trigger language plpgsql as $$
        begin raise exception 'the payout process died'; end $$`);
      await t.pool.query(
        `create trigger die_mid_payout before update on investments for each row
         when (old.id = '${rows[0]?.id}') execute function die_mid_payout()`,
      );
      const crash = await payDueReturns(t.db, clock, { batchSize: 2 }).catch((error: unknown) => error);
      expect(crash).toMatchObject({ cause: { message: 'the payout process died' } });
      const paidAfterCrash = await Promise.all(investors.map(({ token }) => myInvestments(token)));
      expect(paidAfterCrash.map(([investment]) => investment.periodsPaid).sort()).toEqual([0, 0, 0, 3, 3]);
      expect((await reserveStatus()).balance).toBe(1000 - 2 * 3 * 3.6);

      await t.pool.query('drop trigger die_mid_payout on investments');
      const resumed = await payDueReturns(t.db, clock, { batchSize: 2 });
      expect(resumed).toMatchObject({ returnsPaid: 9, delayed: 0 });
      expect(await payDueReturns(t.db, clock, { batchSize: 2 })).toMatchObject({ returnsPaid: 0 });
      for (const { token, user } of investors) {
        const [investment] = await myInvestments(token);
        expect(investment).toMatchObject({ periodsPaid: 3, totalReturn: 10.8 });
        expect(await balanceOf(t.app, token, user._id)).toBe(10.8);
        const history = await t.app.inject({
          url: '/api/user/transactions?type=plan',
          headers: bearer(token),
        });
        const returns = history.json().data.filter((item: { mode: string }) => item.mode === 'plan_return');
        expect(returns).toHaveLength(3);
      }
      expect((await reserveStatus()).balance).toBe(1000 - 5 * 10.8);
      expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
    } finally {
      await t.close();
      t = main;
      adminToken = mainAdminToken;
    }
  });
});

describe('refusals', () => {
  it('refuses bad investments with a message and moves nothing', async () => {
    const { token, user } = await investorWith(600);
    const small = planNamed('SMALL')._id;
    const cases: [object, number, string][] = [
      [{}, 400, MESSAGES.investFieldsRequired],
      [{ planId: small }, 400, MESSAGES.investFieldsRequired],
      [{ planId: 'nope', amount: 100 }, 400, MESSAGES.planNotFound],
      [{ planId: '00000000-0000-4000-8000-000000000000', amount: 100 }, 404, MESSAGES.planNotFound],
      [{ planId: small, amount: -5 }, 400, MESSAGES.invalidAmount],
      [{ planId: small, amount: '1e3' }, 400, MESSAGES.invalidAmount],
      [{ planId: small, amount: 20 }, 400, 'The amount for SMALL must be between $50.00 and $1,000.00.'],
      [{ planId: small, amount: 1000.01 }, 400, 'The amount for SMALL must be between $50.00 and $1,000.00.'],
      [{ planId: small, amount: 700 }, 409, MESSAGES.insufficientBalance],
    ];
    for (const [payload, status, message] of cases) {
      const response = await invest(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await balanceOf(t.app, token, user._id)).toBe(600);
    expect(await myInvestments(token)).toEqual([]);
  });

  it('refuses an unverified user and a retired plan', async () => {
    const unverified = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, unverified.user._id, 100);
    const refused = await invest(unverified.token, { planId: planNamed('SMALL')._id, amount: 60 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.mustBeVerifiedToInvest);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(adminToken),
      payload: { name: `old${Date.now()}`, rate: '2.5', durationDays: 30, minAmount: 50, maxAmount: 500 },
    });
    const oldPlan = created.json().data as Plan;
    const retired = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/retirePlan/${oldPlan._id}`,
      headers: bearer(adminToken),
    });
    expect(retired.json().data.status).toBe('retired');
    const publicPlans = (await t.app.inject({ url: '/api/plans' })).json().data as Plan[];
    expect(publicPlans.map((plan) => plan._id)).not.toContain(oldPlan._id);

    const { token, user } = await investorWith(100);
    const response = await invest(token, { planId: oldPlan._id, amount: 60 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.planRetired);
    expect(await balanceOf(t.app, token, user._id)).toBe(100);
  });

  it('creates one investment for a retried request with the same Idempotency-Key', async () => {
    const { token, user } = await investorWith(300);
    const headers = { 'idempotency-key': `invest-${Date.now()}` };
    const payload = { planId: planNamed('SMALL')._id, amount: 100 };
    const first = await invest(token, payload, headers);
    const retry = await invest(token, payload, headers);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
    expect(await myInvestments(token)).toHaveLength(1);
    expect(await balanceOf(t.app, token, user._id)).toBe(200);
  });
});

describe('admin plan catalogue', () => {
  it('validates plans, refuses duplicate names and keeps running investments on their terms', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(adminToken),
      payload: { name: 'BROKEN', rate: 0, durationDays: 10, minAmount: 50, maxAmount: 100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.planRate);
    const inverted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(adminToken),
      payload: { name: 'INVERTED', rate: 1, durationDays: 10, minAmount: 500, maxAmount: 100 },
    });
    expect(inverted.json().message).toBe(MESSAGES.planRange);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: bearer(adminToken),
      payload: { name: 'small', rate: 1, durationDays: 10, minAmount: 50, maxAmount: 100 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(MESSAGES.planNameTaken);

    const { token } = await investorWith(100);
    const small = planNamed('SMALL');
    await invest(token, { planId: small._id, amount: 100 });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/${small._id}`,
      headers: bearer(adminToken),
      payload: { name: 'SMALL', rate: 3.9, durationDays: 60, minAmount: 50, maxAmount: 1000 },
    });
    expect(edited.json().data.rate).toBe(3.9);
    const [investment] = await myInvestments(token);
    expect(investment.rate).toBe(3.6);
  });
});
