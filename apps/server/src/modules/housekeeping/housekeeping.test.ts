import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { systemClock } from '../../lib/clock.ts';
import { HOUSEKEEPING_LOCK_ID, runHousekeeping } from './housekeeping.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: systemClock });
});
afterAll(async () => {
  await t.close();
});

const countOf = async (table: string) =>
  Number((await t.pool.query<{ total: string }>(`select count(*) as total from ${table}`)).rows[0]?.total);

describe('housekeeping', () => {
  it('removes only what can no longer be used, in one run across servers', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: 'nobody', password: 'x' },
    });
    await t.pool.query(
      `insert into attempts (subject, attempted_at) values ('ip:10.0.0.9', now() - interval '2 days')`,
    );
    await t.pool.query(
      `insert into sessions (token_hash, user_id, expires_at) values ('expired-session', $1, now() - interval '1 day')`,
      [user._id],
    );
    await t.pool.query(
      `insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
       values ($1, 'old-key', 'h', 200, '{}', now() - interval '30 days'), ($1, 'new-key', 'h', 200, '{}', now())`,
      [user._id],
    );
    await t.pool.query(
      `insert into password_resets (user_id, token_hash, expires_at) values
       ($1, 'expired-link', now() - interval '1 hour'), ($1, 'live-link', now() + interval '1 hour')`,
      [user._id],
    );
    await t.pool.query(
      `insert into login_events (user_id, outcome, ip, created_at) values ($1, 'success', '10.0.0.1', now() - interval '400 days')`,
      [user._id],
    );
    await t.pool.query(
      `insert into mail_outbox (kind, to_address, subject, status, created_at) values
       ('new_sign_in', 'old@example.com', 'Old', 'sent', now() - interval '400 days'),
       ('new_sign_in', 'new@example.com', 'New', 'sent', now())`,
    );
    const sessionsBefore = await countOf('sessions');
    const eventsBefore = await countOf('login_events');

    // Another server's housekeeper holds the lock: this one skips, removing nothing.
    const otherServer = await t.pool.connect();
    try {
      await otherServer.query('select pg_advisory_lock($1)', [HOUSEKEEPING_LOCK_ID]);
      const whileHeld = await runHousekeeping(t.db, t.config, systemClock);
      expect(whileHeld).toMatchObject({ isSkipped: true, removed: { sessions: 0, attempts: 0 } });
      expect(await countOf('sessions')).toBe(sessionsBefore);
    } finally {
      await otherServer.query('select pg_advisory_unlock($1)', [HOUSEKEEPING_LOCK_ID]);
      otherServer.release();
    }

    const ran = await runHousekeeping(t.db, t.config, systemClock);
    expect(ran.isSkipped).toBe(false);
    expect(ran.removed).toMatchObject({
      sessions: 1,
      attempts: 1,
      idempotencyKeys: 1,
      passwordResets: 1,
      loginEvents: 1,
      sentMail: 1,
    });
    expect(await countOf('sessions')).toBe(sessionsBefore - 1);
    expect(await countOf('login_events')).toBe(eventsBefore - 1);
    expect(
      (await t.pool.query(`select to_address from mail_outbox where kind = 'new_sign_in'`)).rows,
    ).toEqual([{ to_address: 'new@example.com' }]);
    // The failed sign-in a moment ago still counts towards its limit.
    expect(await countOf('attempts')).toBe(2);
    // What is still good stays: the live session, the recent key and the live link.
    expect(
      (await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.pool.query(`select key from idempotency_keys where key = 'new-key'`)).rows).toHaveLength(
      1,
    );
    expect(
      (await t.pool.query(`select id from password_resets where token_hash = 'live-link'`)).rows,
    ).toHaveLength(1);
  });
});
