import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { getCurrentRates } from './rates.service.ts';

const clock = createTestClock(new Date('2026-11-23T12:00:00Z'));

let t: TestApp;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const admin = await login(t.app, ADMIN.email, ADMIN.password);
  adminToken = admin.token;
  adminId = admin.user._id;
});
afterAll(async () => {
  await t.close();
});

function putRates(payload: unknown, token = adminToken) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/rates',
    payload: payload as object,
    headers: bearer(token),
  });
}

describe('exchange rates', () => {
  it('start unset, then hold what the operator set, in cents, with when and by whom', async () => {
    const empty = await t.app.inject({ url: '/api/admin/rates', headers: bearer(adminToken) });
    expect(empty.json()).toEqual({ data: { btc: null, eth: null } });
    expect(await getCurrentRates(t.db)).toEqual({});

    const saved = await putRates({ btc: '65000.5', eth: 3120 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: MESSAGES.ratesSaved,
      data: {
        btc: { usd: '65000.50', setAt: '2026-11-23T12:00:00.000Z', setBy: adminId },
        eth: { usd: '3120.00', setAt: '2026-11-23T12:00:00.000Z', setBy: adminId },
      },
    });
    expect(await getCurrentRates(t.db)).toEqual({
      btc: { usdCents: 6_500_050n, setAt: clock.now(), setBy: adminId },
      eth: { usdCents: 312_000n, setAt: clock.now(), setBy: adminId },
    });

    clock.set(new Date('2026-11-23T13:00:00Z'));
    await putRates({ btc: 64000, eth: '3000.99' });
    const read = await t.app.inject({ url: '/api/admin/rates', headers: bearer(adminToken) });
    expect(read.json().data).toMatchObject({
      btc: { usd: '64000.00', setAt: '2026-11-23T13:00:00.000Z' },
      eth: { usd: '3000.99' },
    });

    const audit = await t.app.inject({
      url: '/api/admin/audit?action=rates.set',
      headers: bearer(adminToken),
    });
    const [newest] = audit.json().data;
    expect(audit.json().total).toBe(2);
    expect(newest).toMatchObject({
      action: 'rates.set',
      before: { btc: { usd: '65000.50' }, eth: { usd: '3120.00' } },
      after: { btc: { usd: '64000.00' }, eth: { usd: '3000.99' } },
    });
  });

  it('refuses anything but two prices above zero with at most two decimals, and changes nothing', async () => {
    const before = await getCurrentRates(t.db);
    const invalid: unknown[] = [
      {},
      { btc: '65000' },
      { btc: 0, eth: 3000 },
      { btc: '-1', eth: 3000 },
      { btc: '65000.123', eth: 3000 },
      { btc: '6.5e4', eth: 3000 },
      { btc: 'abc', eth: 3000 },
      { btc: Number.NaN, eth: 3000 },
      { btc: true, eth: 3000 },
      { btc: '1000000000000', eth: 3000 },
    ];
    for (const payload of invalid) {
      const refused = await putRates(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.rateInvalid);
    }
    expect(await getCurrentRates(t.db)).toEqual(before);
  });

  it('are for administrators only', async () => {
    const { token } = await signUpAndLogin(t.app);
    expect((await putRates({ btc: 1, eth: 1 }, token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/rates', headers: bearer(token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/rates', payload: { btc: 1, eth: 1 } }))
        .statusCode,
    ).toBe(401);
  });
});
