import { formatUtcTime, MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { bearer, createTestApp, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { HOUR_MS } from '../../lib/time.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DAY_MS = 24 * HOUR_MS;
const HINT = 'Verify your identity for higher limits.';

const defaults = loadConfig({});
const overrides = {
  // The defaults, which other suites raise (test-app.ts): $1,000 a day and $5,000 over 30 days at
  // basic, $50,000 and $250,000 at full.
  withdrawalLimitCents: defaults.withdrawalLimitCents,
  // Funding is not what this file tests: credits of any size apply at once.
  staffApproval: { ...defaults.staffApproval, creditCents: 10n ** 15n },
};
const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), overrides, { clock });

/** A person verified at the basic level (the one-click "Verify User"), funded, with a usable address. */
async function basicUserWith(amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, amount);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: person.input.password,
  });
  return person;
}

/** Approved identity documents, written directly: the review itself has its tests in the identity module. */
async function approveDocuments(userId: string) {
  await t.pool.query(
    `insert into identity_verifications
       (user_id, status, legal_name, date_of_birth, country, address, document_type, reviewed_at)
     values ($1, 'approved', 'Ada Lovelace', '1990-12-10', 'GB', '12 St James''s Square, London', 'passport', now())`,
    [userId],
  );
}

function withdraw(app: TestApp['app'], token: string, amount: number) {
  return app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount, method: 'btc', address: BTC_ADDRESS },
  });
}

async function limitsOf(token: string) {
  const response = await t.app.inject({ url: '/api/user/withdrawal-limits', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

function decide(action: 'approveWithdrawal' | 'declineWithdrawal', id: string, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/${action}/${id}`,
    headers: bearer(adminToken),
    payload,
  });
}

const at = (time: number) => formatUtcTime(new Date(time));

/**
 * Moves the person's withdrawals `hours` into the past: time passing for their limits, which are
 * measured on the database's clock, the one that dates withdrawals (and times staff approvals).
 */
async function age(userId: string, hours: number) {
  await t.pool.query(
    'update withdrawals set created_at = created_at - make_interval(hours => $2) where user_id = $1',
    [userId, hours],
  );
}

/** When the person's withdrawals were requested, oldest first. */
async function requestTimes(userId: string): Promise<number[]> {
  const { rows } = await t.pool.query(
    'select created_at from withdrawals where user_id = $1 order by created_at',
    [userId],
  );
  return rows.map((row: { created_at: Date }) => row.created_at.getTime());
}

describe('withdrawal limits by verification level', () => {
  it('lets exactly $1,000 of eight racing $200 withdrawals through at the basic level', async () => {
    const person = await basicUserWith(5_000);
    const responses = await Promise.all(Array.from({ length: 8 }, () => withdraw(t.app, person.token, 200)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    const [oldest = 0] = await requestTimes(person.user._id);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(refused.json().message).toBe(
        `This withdrawal would pass your daily limit of $1,000.00 (basic verification): nothing is left until ${at(oldest + DAY_MS)}. ${HINT}`,
      );
    }
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(4_000);
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true });
  });

  it('lets exactly $1,000 through when the racing requests are split across two servers on one database', async () => {
    const other = await createTestApp(overrides, { clock, sharedWith: t });
    try {
      const person = await basicUserWith(5_000);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => withdraw(index % 2 ? other.app : t.app, person.token, 200)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 403)).toHaveLength(3);
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(4_000);
    } finally {
      await other.close();
    }
  });

  it('refuses an amount above the whole limit, saying how to raise it only where the full level would allow it', async () => {
    const person = await basicUserWith(100_000);
    const aboveDaily = await withdraw(t.app, person.token, 1_000.01);
    expect(aboveDaily.statusCode).toBe(403);
    expect(aboveDaily.json().message).toBe(
      `This withdrawal is above your daily limit of $1,000.00 (basic verification). ${HINT}`,
    );
    const aboveFull = await withdraw(t.app, person.token, 60_000);
    expect(aboveFull.json().message).toBe(
      'This withdrawal is above your daily limit of $1,000.00 (basic verification).',
    );
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(100_000);
  });

  it('says what is left and when enough earlier withdrawals leave the day for the amount to fit', async () => {
    const person = await basicUserWith(5_000);
    expect((await withdraw(t.app, person.token, 300)).statusCode).toBe(201);
    await age(person.user._id, 1);
    expect((await withdraw(t.app, person.token, 500)).statusCode).toBe(201);
    await age(person.user._id, 1);
    const [first = 0, second = 0] = await requestTimes(person.user._id);
    // $200 left: $400 fits once the $300 has left the day; $700 only once the $500 has too.
    expect((await withdraw(t.app, person.token, 400)).json().message).toBe(
      `This withdrawal would pass your daily limit of $1,000.00 (basic verification): $200.00 is left until ${at(first + DAY_MS)}. ${HINT}`,
    );
    expect((await withdraw(t.app, person.token, 700)).json().message).toBe(
      `This withdrawal would pass your daily limit of $1,000.00 (basic verification): $200.00 is left until ${at(second + DAY_MS)}. ${HINT}`,
    );
    expect(await limitsOf(person.token)).toMatchObject({
      level: 'basic',
      daily: { limit: 1_000, used: 800, remaining: 200, resetsAt: new Date(first + DAY_MS).toISOString() },
      monthly: { limit: 5_000, used: 800, remaining: 4_200 },
    });
  });

  it('gives the day back after 24 hours while the 30 days still count, and everything back after 30 days', async () => {
    const person = await basicUserWith(20_000);
    for (let day = 0; day < 5; day += 1) {
      if (day > 0) await age(person.user._id, 25);
      expect((await withdraw(t.app, person.token, 1_000)).statusCode).toBe(201);
    }
    // Past both limits today: the 30 days name the later time, the one at which $100 fits.
    const sameDay = await withdraw(t.app, person.token, 100);
    expect(sameDay.statusCode).toBe(403);
    expect(sameDay.json().message).toMatch(/^This withdrawal would pass your 30-day limit/);

    await age(person.user._id, 25);
    const [firstAt = 0] = await requestTimes(person.user._id);
    const nextDay = await withdraw(t.app, person.token, 100);
    expect(nextDay.statusCode).toBe(403);
    expect(nextDay.json().message).toBe(
      `This withdrawal would pass your 30-day limit of $5,000.00 (basic verification): nothing is left until ${at(firstAt + 30 * DAY_MS)}. ${HINT}`,
    );
    expect(await limitsOf(person.token)).toMatchObject({
      daily: { limit: 1_000, used: 0, remaining: 1_000, resetsAt: null },
      monthly: {
        limit: 5_000,
        used: 5_000,
        remaining: 0,
        resetsAt: new Date(firstAt + 30 * DAY_MS).toISOString(),
      },
    });

    await age(person.user._id, 30 * 24);
    expect((await withdraw(t.app, person.token, 1_000)).statusCode).toBe(201);
    expect(await limitsOf(person.token)).toMatchObject({
      daily: { used: 1_000, remaining: 0 },
      monthly: { used: 1_000, remaining: 4_000 },
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(14_000);
  });

  it('counts pending and paid withdrawals; a declined one frees its room', async () => {
    const person = await basicUserWith(5_000);
    const paid = (await withdraw(t.app, person.token, 400)).json().data;
    const declined = (await withdraw(t.app, person.token, 600)).json().data;
    expect((await decide('approveWithdrawal', paid._id, { txHash: 'paid-hash' })).statusCode).toBe(200);
    expect((await withdraw(t.app, person.token, 100)).statusCode).toBe(403);

    expect((await decide('declineWithdrawal', declined._id, { reason: 'Wrong network' })).statusCode).toBe(
      200,
    );
    expect((await withdraw(t.app, person.token, 600)).statusCode).toBe(201);
    expect(await limitsOf(person.token)).toMatchObject({ daily: { used: 1_000, remaining: 0 } });
  });

  it('raises the limits once identity documents are approved: the full level', async () => {
    const person = await basicUserWith(100_000);
    expect((await withdraw(t.app, person.token, 1_000)).statusCode).toBe(201);
    const basic = await withdraw(t.app, person.token, 500);
    expect(basic.statusCode).toBe(403);
    expect(basic.json().message).toContain(HINT);

    await approveDocuments(person.user._id);
    expect((await withdraw(t.app, person.token, 500)).statusCode).toBe(201);
    // $1,500 over: both earlier withdrawals must leave the day, the later of them last.
    const above = await withdraw(t.app, person.token, 50_000);
    const [, secondAt = 0] = await requestTimes(person.user._id);
    expect(above.json().message).toBe(
      `This withdrawal would pass your daily limit of $50,000.00 (full verification): $48,500.00 is left until ${at(secondAt + DAY_MS)}.`,
    );
    expect(await limitsOf(person.token)).toMatchObject({
      level: 'full',
      daily: { limit: 50_000, used: 1_500, remaining: 48_500 },
      monthly: { limit: 250_000, used: 1_500, remaining: 248_500 },
    });
  });

  it('tells an unverified person they have no limits to use, and every level what it allows', async () => {
    const person = await signUpAndLogin(t.app);
    expect(await limitsOf(person.token)).toEqual({
      level: 'none',
      daily: null,
      monthly: null,
      levels: [
        { level: 'none', dailyUsd: null, monthlyUsd: null },
        { level: 'basic', dailyUsd: 1_000, monthlyUsd: 5_000 },
        { level: 'full', dailyUsd: 50_000, monthlyUsd: 250_000 },
      ],
    });
    const refused = await withdraw(t.app, person.token, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.mustBeVerifiedToWithdraw);
    expect((await t.app.inject({ url: '/api/user/withdrawal-limits' })).statusCode).toBe(401);
  });
});
