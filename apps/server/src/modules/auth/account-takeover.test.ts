import { MESSAGES } from '@vestora/shared';
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

const mailbox = createMailbox();
let t: TestApp;
beforeAll(async () => {
  // The races below sign in by the dozen from one address; the limit itself is tested in attempts.test.ts.
  t = await createTestApp({ login: { maxFailures: 10_000, windowMs: 60_000 } }, { mailer: mailbox });
});
afterAll(async () => {
  await t.close();
});

const profileOf = (token: string, id: string) =>
  t.app.inject({ url: `/api/user/userprofile/${id}`, headers: bearer(token) });

function changePassword(token: string, oldPassword: string, newPassword: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/user/password',
    headers: bearer(token),
    payload: { oldPassword, newPassword, confirmPassword: newPassword },
  });
}

function tryLogin(userNameOrEmail: string, password: string, rememberMe = true) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userNameOrEmail, password, rememberMe },
  });
}

describe('sessions end with the credential change that should end them', () => {
  it('leaves no session from sign-ins racing a password change, however they interleave', async () => {
    for (let run = 0; run < 3; run += 1) {
      const { token, input, user } = await signUpAndLogin(t.app);
      const attackers = Array.from({ length: 12 }, () => tryLogin(input.userName, input.password));
      const change = changePassword(token, input.password, 'Changed#Pass1');
      const [changed, ...signIns] = await Promise.all([change, ...attackers]);
      expect(changed?.statusCode).toBe(200);
      for (const signIn of signIns) {
        if (signIn.statusCode !== 200) continue;
        // A sign-in that answered 200 got a token; none of them may work after the change.
        expect((await profileOf(signIn.json().token, user._id)).statusCode).toBe(401);
      }
      expect((await profileOf(token, user._id)).statusCode).toBe(200);
      const { rows } = await t.pool.query<{ total: string }>(
        `select count(*) as total from sessions s join users u on u.id = s.user_id
         where s.user_id = $1 and s.generation = u.session_generation`,
        [user._id],
      );
      expect(Number(rows[0]?.total)).toBe(1);
    }
  });
});

describe('a stolen session cannot take the account over', () => {
  it('asks for the password to change the e-mail, tells the old address, and its link locks the account', async () => {
    const { token, input, user } = await signUpAndLogin(t.app);
    const thief = await login(t.app, input.userName, input.password);
    const newEmail = `thief.${input.email}`;
    const profile = { fullName: input.fullName, userName: input.userName, email: newEmail };

    const withoutPassword = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(thief.token),
      payload: profile,
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json()).toMatchObject({
      message: MESSAGES.emailChangeNeedsPassword,
      passwordRequired: true,
    });
    const wrongPassword = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(thief.token),
      payload: { ...profile, password: 'Guess#Pass1' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MESSAGES.passwordWrong);
    expect((await profileOf(token, user._id)).json().data.email).toBe(input.email);

    // With the password (a thief who has it too), the change goes through, and the owner hears of it.
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(thief.token),
      payload: { ...profile, password: input.password },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profileOf(token, user._id)).statusCode).toBe(401);
    const notice = await waitForMail(mailbox, input.email, /e-mail address of your account was changed/);
    expect(notice.text).toContain(newEmail);
    const lockToken = notice.text.match(/lock-account\?token=([\w-]+)/)?.[1] ?? '';
    expect(lockToken).not.toBe('');

    // The thief cannot park another account on the owner's old address before the owner acts.
    const squat = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { ...input, userName: `${input.userName}sq`, email: input.email },
    });
    // Answered like any sign-up, so it tells nothing; no account is opened on the address.
    expect(squat.statusCode).toBe(201);
    const squatters = await t.pool.query('select id from users where lower(email) = lower($1)', [
      input.email,
    ]);
    expect(squatters.rows).toEqual([]);

    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/user/lockAccount',
      payload: { token: lockToken },
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().message).toBe(MESSAGES.accountLocked);
    expect((await profileOf(thief.token, user._id)).statusCode).toBe(401);
    expect((await tryLogin(input.userName, input.password)).statusCode).toBe(401);
    const { rows } = await t.pool.query<{ email: string }>('select email from users where id = $1', [
      user._id,
    ]);
    expect(rows[0]?.email).toBe(input.email);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/lockAccount',
      payload: { token: lockToken },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.accountLockLinkInvalid);

    // The owner gets back in with a reset sent to the restored address.
    await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: input.email } });
    const reset = await waitForMail(mailbox, input.email, /Reset your/);
    const resetToken = reset.text.match(/resetpass\?token=([\w-]+)/)?.[1] ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/user/resetPassword',
      payload: { token: resetToken, password: 'Mine#Again1', confirmPassword: 'Mine#Again1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await tryLogin(input.email, 'Mine#Again1')).statusCode).toBe(200);
  });

  it('asks for the password to turn two-factor sign-in on, so a session alone cannot lock the owner out', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const setup = await t.app.inject({ method: 'POST', url: '/api/user/2fa/setup', headers: bearer(token) });
    const { secret } = setup.json().data;
    const code = totpCode(secret, totpStep(new Date()));
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { code },
    });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { code, password: 'Guess#Pass1' },
    });
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    const status = await t.app.inject({ url: '/api/user/2fa', headers: bearer(token) });
    expect(status.json().data.isEnabled).toBe(false);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { code, password: input.password },
    });
    expect(right.statusCode).toBe(200);

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/recoveryCodes',
      headers: bearer(token),
      payload: { password: input.password, code: right.json().data.recoveryCodes[0] },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.recoveryCodes).toHaveLength(10);
    expect(renewed.json().data.recoveryCodes).not.toContain(right.json().data.recoveryCodes[1]);
  });

  it('lets an administrator reset a second factor: audited, shown to the user, every session ended', async () => {
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const { token, input, user } = await signUpAndLogin(t.app);
    const setup = await t.app.inject({ method: 'POST', url: '/api/user/2fa/setup', headers: bearer(token) });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(token),
      payload: { password: input.password, code: totpCode(setup.json().data.secret, totpStep(new Date())) },
    });
    const byUser = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}/2fa`,
      headers: bearer(token),
    });
    expect(byUser.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.user._id}/2fa`,
      headers: bearer(admin.token),
    });
    expect(own.json().message).toBe(MESSAGES.twoFactorOwnReset);

    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}/2fa`,
      headers: bearer(admin.token),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.twoFactorResetByAdmin);
    expect((await profileOf(token, user._id)).statusCode).toBe(401);
    const fresh = await login(t.app, input.userName, input.password);
    const history = await t.app.inject({ url: '/api/user/login-history', headers: bearer(fresh.token) });
    expect(history.json().data.map((event: { outcome: string }) => event.outcome)).toContain(
      'second_factor_reset',
    );
    const audit = await t.app.inject({ url: '/api/admin/audit', headers: bearer(admin.token) });
    expect(JSON.stringify(audit.json())).toContain('user.reset2fa');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user._id}/2fa`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('takes every administrative power from an administrator without a second factor, user routes included', async () => {
    const strict = await createTestApp({ requireAdmin2fa: true });
    try {
      const admin = await login(strict.app, ADMIN.email, ADMIN.password);
      const owner = await signUpAndLogin(strict.app);
      const avatar = await strict.app.inject({
        method: 'PUT',
        url: '/api/user/avatar',
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: {},
      });
      expect(avatar.statusCode).toBe(400);
      const ticket = await strict.app.inject({
        method: 'POST',
        url: '/api/user/support',
        headers: bearer(owner.token),
        payload: { message: 'My private question' },
      });
      const ticketId = ticket.json().data._id;

      const profile = await strict.app.inject({
        url: `/api/user/userprofile/${owner.user._id}`,
        headers: bearer(admin.token),
      });
      expect(profile.statusCode).toBe(403);
      const reply = await strict.app.inject({
        method: 'POST',
        url: `/api/user/support/${ticketId}/messages`,
        headers: bearer(admin.token),
        payload: { message: 'Written by an admin without a second factor' },
      });
      expect(reply.statusCode).toBe(404);
      const console = await strict.app.inject({
        url: '/api/admin/allTransactions',
        headers: bearer(admin.token),
      });
      expect(console.statusCode).toBe(403);
      // Their own record stays theirs.
      expect((await profileOf2(strict, admin.token, admin.user._id)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

function profileOf2(app: TestApp, token: string, id: string) {
  return app.app.inject({ url: `/api/user/userprofile/${id}`, headers: bearer(token) });
}
