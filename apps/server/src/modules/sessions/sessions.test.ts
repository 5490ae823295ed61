import { MESSAGES, type SecurityEvent, type SessionInfo } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  createMailbox,
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
} from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const mailbox = createMailbox();
let t: TestApp;
/** A second server process on the same PostgreSQL. */
let other: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({}, { mailer: mailbox });
  // Either process may send a queued e-mail, so both deliver into the one mailbox.
  other = await createTestApp({}, { sharedWith: t, mailer: mailbox });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function signInFrom(userAgent: string, input: { userName: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': userAgent },
    payload: { userNameOrEmail: input.userName, password: input.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

function call(app: TestApp, method: 'GET' | 'DELETE' | 'POST', url: string, token: string) {
  return app.app.inject({ method, url, headers: bearer(token) });
}

async function sessionsOf(token: string, url = '/api/user/sessions') {
  const response = await call(t, 'GET', url, token);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SessionInfo[] }>().data;
}

/** The profile read (its own one-trip session query) and a plain authenticated read, on one server. */
async function statusesOn(app: TestApp, token: string, userId: string) {
  const [profile, sessions] = await Promise.all([
    call(app, 'GET', `/api/user/userprofile/${userId}`, token),
    call(app, 'GET', '/api/user/sessions', token),
  ]);
  return [profile.statusCode, sessions.statusCode];
}

describe('a person’s own sessions', () => {
  it('lists each device with its address, times, and which one is asking', async () => {
    const { input } = await signUpAndLogin(t.app);
    const firefox = await signInFrom(FIREFOX, input);
    const iphone = await signInFrom(IPHONE, input);

    const listed = await sessionsOf(iphone);
    expect(listed).toHaveLength(3);
    const current = listed.filter((session) => session.isCurrent);
    expect(current.map((session) => session.device)).toEqual(['Safari on iPhone']);
    expect(listed.map((session) => session.device)).toContain('Firefox on Linux');
    for (const session of listed) {
      expect(session.ip).toBe('127.0.0.1');
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt) + 1000);
    }
    expect((await sessionsOf(firefox)).find((session) => session.isCurrent)?.device).toBe('Firefox on Linux');
  });

  it('a session ended from another session stops working at once (401), on every server process', async () => {
    const { input, user } = await signUpAndLogin(t.app);
    const laptop = await signInFrom(FIREFOX, input);
    const phone = await signInFrom(IPHONE, input);
    // Both processes have seen the phone's session, so nothing of it could be remembered anywhere.
    expect(await statusesOn(t, phone, user._id)).toEqual([200, 200]);
    expect(await statusesOn(other, phone, user._id)).toEqual([200, 200]);

    const phoneId = (await sessionsOf(phone)).find((session) => session.isCurrent)?._id;
    const ended = await call(t, 'DELETE', `/api/user/sessions/${phoneId}`, laptop);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe(MESSAGES.sessionSignedOut);

    expect(await statusesOn(t, phone, user._id)).toEqual([401, 401]);
    expect(await statusesOn(other, phone, user._id)).toEqual([401, 401]);
    const refused = await call(other, 'GET', '/api/user/sessions', phone);
    expect(refused.json().message).toBe(MESSAGES.sessionExpired);
    expect(await statusesOn(other, laptop, user._id)).toEqual([200, 200]);
    expect((await sessionsOf(laptop)).map((session) => session._id)).not.toContain(phoneId);
  });

  it('answers 404 for another person’s session, which keeps working', async () => {
    const owner = await signUpAndLogin(t.app);
    const stranger = await signUpAndLogin(t.app);
    const [ownerSession] = await sessionsOf(owner.token);

    const refused = await call(t, 'DELETE', `/api/user/sessions/${ownerSession?._id}`, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MESSAGES.sessionNotFound);
    expect((await call(t, 'GET', '/api/user/sessions', owner.token)).statusCode).toBe(200);

    const malformed = await call(t, 'DELETE', '/api/user/sessions/not-a-session', stranger.token);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(MESSAGES.sessionNotFound);
    // Ending it twice: the second time it is gone.
    const ownId = (await sessionsOf(stranger.token))[0]?._id;
    const otherStrangerToken = await signInFrom(FIREFOX, stranger.input);
    expect((await call(t, 'DELETE', `/api/user/sessions/${ownId}`, otherStrangerToken)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/user/sessions/${ownId}`, otherStrangerToken)).statusCode).toBe(404);
  });

  it('signs out everywhere else, keeping the session that asked', async () => {
    const { input, user, token: first } = await signUpAndLogin(t.app);
    const second = await signInFrom(FIREFOX, input);
    const kept = await signInFrom(IPHONE, input);

    const response = await call(t, 'DELETE', '/api/user/sessions', kept);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.otherSessionsEnded);
    expect(await statusesOn(other, first, user._id)).toEqual([401, 401]);
    expect(await statusesOn(t, second, user._id)).toEqual([401, 401]);
    expect(await statusesOn(other, kept, user._id)).toEqual([200, 200]);
    const listed = await sessionsOf(kept);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.isCurrent).toBe(true);
  });

  it('moves the last-seen time only when it is over a minute old', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const [session] = await sessionsOf(token);
    const lastSeen = async () =>
      (
        await t.pool.query<{ seen: Date }>('select last_seen_at as seen from sessions where id = $1', [
          session?._id,
        ])
      ).rows[0]?.seen.getTime();

    await t.pool.query(`update sessions set last_seen_at = now() - interval '30 seconds' where id = $1`, [
      session?._id,
    ]);
    const recent = await lastSeen();
    expect(await statusesOn(t, token, user._id)).toEqual([200, 200]);
    expect(await lastSeen()).toBe(recent);

    await t.pool.query(`update sessions set last_seen_at = now() - interval '5 minutes' where id = $1`, [
      session?._id,
    ]);
    const stale = (await lastSeen()) ?? 0;
    expect((await call(t, 'GET', `/api/user/userprofile/${user._id}`, token)).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(stale + 4 * 60_000);
  });
});

describe('an administrator and a user’s account', () => {
  it('lists the user’s sessions, address book and security events; users cannot', async () => {
    const person = await signUpAndLogin(t.app);
    await signInFrom(FIREFOX, person.input);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'user-agent': IPHONE },
      payload: { userNameOrEmail: person.input.userName, password: 'Wrong#Pass1' },
    });

    const sessions = await sessionsOf(adminToken, `/api/admin/users/${person.user._id}/sessions`);
    // The sign-up's own sign-in came through inject, whose User-Agent is its name.
    expect(sessions.map((session) => session.device).sort()).toEqual(['Firefox on Linux', 'lightMyRequest']);
    expect(sessions.every((session) => !session.isCurrent)).toBe(true);

    const addresses = await call(t, 'GET', `/api/admin/users/${person.user._id}/addresses`, adminToken);
    expect(addresses.statusCode).toBe(200);
    expect(addresses.json()).toEqual({ data: [], withdrawalsLockedUntil: null, coolOffHours: 24 });

    const events = await call(t, 'GET', `/api/admin/users/${person.user._id}/securityEvents`, adminToken);
    expect(events.statusCode).toBe(200);
    const data = events.json<{ data: SecurityEvent[] }>().data;
    expect(data.map((event) => (event.source === 'signIn' ? event.outcome : event.action))).toEqual([
      'wrong_password',
      'success',
      'success',
    ]);
    expect(data[0]).toMatchObject({ source: 'signIn', device: 'Safari on iPhone', ip: '127.0.0.1' });

    for (const url of ['sessions', 'addresses', 'securityEvents']) {
      const refused = await call(t, 'GET', `/api/admin/users/${person.user._id}/${url}`, person.token);
      expect(refused.statusCode).toBe(403);
      const unknown = await call(
        t,
        'GET',
        `/api/admin/users/00000000-0000-4000-8000-000000000000/${url}`,
        adminToken,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(MESSAGES.userNotFound);
    }
  });

  it('ends every session of the user at once: audited, notified and e-mailed', async () => {
    const person = await signUpAndLogin(t.app);
    const phone = await signInFrom(IPHONE, person.input);
    const bystander = await signUpAndLogin(t.app);

    const byUser = await call(t, 'DELETE', `/api/admin/users/${bystander.user._id}/sessions`, person.token);
    expect(byUser.statusCode).toBe(403);
    expect(await statusesOn(t, bystander.token, bystander.user._id)).toEqual([200, 200]);

    const response = await call(t, 'DELETE', `/api/admin/users/${person.user._id}/sessions`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.userSessionsEnded);
    for (const token of [person.token, phone]) {
      expect(await statusesOn(other, token, person.user._id)).toEqual([401, 401]);
    }
    expect(await statusesOn(t, bystander.token, bystander.user._id)).toEqual([200, 200]);
    expect(await sessionsOf(adminToken, `/api/admin/users/${person.user._id}/sessions`)).toEqual([]);

    const audit = await call(t, 'GET', `/api/admin/audit?targetId=${person.user._id}`, adminToken);
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'user.endSessions',
        targetType: 'user',
        actorName: expect.any(String),
      }),
    ]);
    const events = await call(t, 'GET', `/api/admin/users/${person.user._id}/securityEvents`, adminToken);
    expect(events.json().data[0]).toMatchObject({ source: 'admin', action: 'user.endSessions' });

    await waitForMail(mailbox, person.input.email, /Your sessions were ended by an administrator/);
    const again = await login(t.app, person.input.userName, person.input.password);
    const notifications = await call(t, 'GET', '/api/user/notifications', again.token);
    expect(JSON.stringify(notifications.json())).toContain('Signed out everywhere');
  });

  it('refuses to end the administrator’s own sessions from the console', async () => {
    const { user } = await login(t.app, ADMIN.email, ADMIN.password);
    const response = await call(t, 'DELETE', `/api/admin/users/${user._id}/sessions`, adminToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.sessionsOwnEnd);
    expect((await call(t, 'GET', '/api/user/sessions', adminToken)).statusCode).toBe(200);
  });

  it('e-mails the person whose second factor an administrator reset', async () => {
    const person = await signUpAndLogin(t.app);
    const setup = await call(t, 'POST', '/api/user/2fa/setup', person.token);
    const { secret } = setup.json().data;
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(person.token),
      payload: { password: person.input.password, code: totpCode(secret, totpStep(new Date())) },
    });
    expect(enabled.statusCode).toBe(200);

    const reset = await call(t, 'DELETE', `/api/admin/users/${person.user._id}/2fa`, adminToken);
    expect(reset.statusCode).toBe(200);
    expect(await statusesOn(other, person.token, person.user._id)).toEqual([401, 401]);
    await waitForMail(mailbox, person.input.email, /Two-factor sign-in was turned off by an administrator/);
    const events = await call(t, 'GET', `/api/admin/users/${person.user._id}/securityEvents`, adminToken);
    expect(
      events
        .json<{ data: SecurityEvent[] }>()
        .data.map((event) => (event.source === 'signIn' ? event.outcome : event.action)),
    ).toEqual(expect.arrayContaining(['user.reset2fa', 'second_factor_reset']));
  });
});
