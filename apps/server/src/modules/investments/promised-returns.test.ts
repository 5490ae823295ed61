import type { Plan } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { fundUser, verify } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { investments } from '../../db/schema/index.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import { yieldReserveCents } from '../ledger/ledger.service.ts';
import { returnPerPeriodCents } from './investment-terms.ts';
import { payDueReturns } from './plan-payouts.ts';
import { promisedReturnsCents } from './promised-returns.ts';

const clock = createTestClock(new Date('2026-03-02T09:00:00Z'));

// A database of its own: every figure below is what these investments alone owe.
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
});

async function createPlan(payload: object): Promise<Plan> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/plans',
    headers: bearer(adminToken),
    payload: { minAmount: 50, maxAmount: 10_000, ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function investIn(plan: Plan, amount: number): Promise<string> {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, amount);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/invest',
    headers: bearer(person.token),
    payload: { planId: plan._id, amount },
  });
  expect(response.statusCode).toBe(201);
  return person.user._id;
}

describe('promisedReturnsCents and yieldReserveCents', () => {
  let daily: Plan;
  let investorId: string;

  it('owe nothing and hold nothing on a new platform', async () => {
    expect(await promisedReturnsCents(t.db)).toBe(0n);
    expect(await yieldReserveCents(t.db)).toBe(0n);
  });

  it('sum each unpaid period at the payer’s per-period cents, until every investment matures', async () => {
    daily = await createPlan({ name: 'DAILY5', rate: 3.6, period: 'daily', durationDays: 5 });
    const weekly = await createPlan({ name: 'WEEKLY30', rate: 2.75, period: 'weekly', durationDays: 30 });
    const keeper = await createPlan({
      name: 'KEEPER',
      rate: 1.25,
      period: 'daily',
      durationDays: 10,
      principalReturn: false,
    });
    const funding = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fundReserve',
      headers: bearer(adminToken),
      payload: { amount: 10_000, note: 'promised returns test' },
    });
    expect(funding.statusCode).toBe(200);
    expect(await yieldReserveCents(t.db)).toBe(1_000_000n);

    // P: $500.05 in DAILY5 → 50005 × 360 / 10000 = 1800.18 → 1800 cents a day, 5 days.
    investorId = await investIn(daily, 500.05);
    clock.advance(2 * DAY_MS + HOUR_MS);
    expect(await payDueReturns(t.db, clock)).toMatchObject({ returnsPaid: 2, delayed: 0 });
    // P has been paid 2 × 1800 = 3600; 3 × 1800 = 5400 are still to come.
    expect(await promisedReturnsCents(t.db)).toBe(5_400n);
    expect(await yieldReserveCents(t.db)).toBe(996_400n); // 1,000,000 − 3600

    // A: $1,234.56 in DAILY5 → 123456 × 360 / 10000 = 4444.416 → 4444 a day × 5 = 22220.
    await investIn(daily, 1234.56);
    // B: $999.99 in WEEKLY30 → 99999 × 275 / 10000 = 2749.9725 → 2749 a week × floor(30 / 7) = 4 → 10996.
    await investIn(weekly, 999.99);
    // C: $777.77 in KEEPER (principal kept) → 77777 × 125 / 10000 = 972.2125 → 972 a day × 10 = 9720.
    await investIn(keeper, 777.77);
    // 5400 + 22220 + 10996 + 9720 = 48336
    expect(await promisedReturnsCents(t.db)).toBe(48_336n);

    clock.advance(7 * DAY_MS + HOUR_MS);
    expect(await payDueReturns(t.db, clock)).toMatchObject({ completed: 2, delayed: 0 });
    // P and A have matured (completed, 0 each); B has had 1 week of 4, C 7 days of 10:
    // 3 × 2749 + 3 × 972 = 8247 + 2916 = 11163
    expect(await promisedReturnsCents(t.db)).toBe(11_163n);

    clock.advance(30 * DAY_MS);
    expect(await payDueReturns(t.db, clock)).toMatchObject({ completed: 2, delayed: 0 });
    expect(await promisedReturnsCents(t.db)).toBe(0n);
    // Every return paid out and C's principal kept by its plan:
    // 1,000,000 − (5 × 1800 + 22220 + 10996 + 9720) + 77777 = 1,000,000 − 51936 + 77777 = 1,025,841
    expect(await yieldReserveCents(t.db)).toBe(1_025_841n);
  });

  it('count the periods of a delayed investment, which are still owed', async () => {
    const greedy = await createPlan({ name: 'GREEDY', rate: 100, period: 'daily', durationDays: 20 });
    // $10,000 at 100 % a day → 1,000,000 cents a day × 20 periods.
    await investIn(greedy, 10_000);
    clock.advance(2 * DAY_MS + HOUR_MS);
    // The reserve (1,025,841) pays the first period, not the second: the investment is delayed.
    expect(await payDueReturns(t.db, clock)).toMatchObject({ returnsPaid: 1, delayed: 1 });
    expect(await yieldReserveCents(t.db)).toBe(25_841n);
    // 19 unpaid periods × 1,000,000 = 19,000,000, the delayed one included.
    expect(await promisedReturnsCents(t.db)).toBe(19_000_000n);
  });

  it('round every investment to the cent as returnPerPeriodCents does', async () => {
    // Amounts from 1 cent to $100M and every kind of rate: the SQL sum must equal the payer's helper.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    const rows = Array.from({ length: 2_000 }, (_, index) => {
      const periodsTotal = 1 + next(120);
      const amountCents = index === 0 ? 1n : BigInt(1 + next(1_000_000)) * BigInt(1 + next(10_000));
      return {
        userId: investorId,
        planId: daily._id,
        planName: 'GENERATED',
        amountCents,
        rateBasisPoints: index === 1 ? 1 : 1 + next(10_000),
        periodDays: 1,
        periodsTotal,
        periodsPaid: next(periodsTotal + 1),
        principalReturn: true,
        startedAt: clock.now(),
        endsAt: new Date(clock.now().getTime() + periodsTotal * DAY_MS),
      };
    });
    const before = await promisedReturnsCents(t.db);
    await t.db.insert(investments).values(rows);
    const expected = rows.reduce(
      (sum, row) => sum + BigInt(row.periodsTotal - row.periodsPaid) * returnPerPeriodCents(row),
      0n,
    );
    expect((await promisedReturnsCents(t.db)) - before).toBe(expected);
  });
});
