import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (app: TestApp, url: string, token: string, payload: object = {}) =>
  app.app.inject({ method: 'POST', url, headers: bearer(token), payload });

function tryLogin(app: TestApp, userNameOrEmail: string, password: string, code?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': 'vitest-browser/1.0' },
    payload: { userNameOrEmail, password, ...(code ? { code } : {}) },
  });
}

/** Turns two-factor sign-in on and returns the secret, the recovery codes and the step already used. */
async function enableTwoFactor(app: TestApp, token: string, password: string) {
  const setup = await post(app, '/api/user/2fa/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json().data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const wrong = await post(app, '/api/user/2fa/enable', token, { password, code: '000000' });
  expect(wrong.json().message).toBe(MESSAGES.twoFactorCodeWrong);
  const step = totpStep(new Date());
  const enabled = await post(app, '/api/user/2fa/enable', token, { password, code: totpCode(secret, step) });
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes } = enabled.json().data;
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes: recoveryCodes as string[], step };
}

describe('two-factor sign-in', () => {
  it('asks for a code after the right password, accepts each code once, and a recovery code once', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const { secret, recoveryCodes, step } = await enableTwoFactor(t, token, input.password);

    const needsCode = await tryLogin(t, input.email, input.password);
    expect(needsCode.statusCode).toBe(401);
    expect(needsCode.json()).toMatchObject({
      twoFactorRequired: true,
      message: MESSAGES.twoFactorCodeNeeded,
    });
    const wrongPassword = await tryLogin(t, input.email, 'Wrong#Pass1', totpCode(secret, step + 1));
    expect(wrongPassword.json().message).toBe(MESSAGES.invalidCredentials);

    const replayed = await tryLogin(t, input.email, input.password, totpCode(secret, step));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(MESSAGES.twoFactorCodeWrong);

    const withCode = await tryLogin(t, input.email, input.password, totpCode(secret, step + 1));
    expect(withCode.statusCode).toBe(200);
    expect(typeof withCode.json().token).toBe('string');

    const recovery = recoveryCodes[0] ?? '';
    expect((await tryLogin(t, input.email, input.password, recovery)).statusCode).toBe(200);
    expect((await tryLogin(t, input.email, input.password, recovery)).statusCode).toBe(401);
    const status = await t.app.inject({ url: '/api/user/2fa', headers: bearer(token) });
    expect(status.json().data).toMatchObject({ isEnabled: true, recoveryCodesLeft: 9 });

    const history = await t.app.inject({ url: '/api/user/login-history', headers: bearer(token) });
    expect(history.json().data.map((event: { outcome: string }) => event.outcome)).toEqual([
      'wrong_code',
      'success',
      'success',
      'wrong_code',
      'wrong_password',
      'code_required',
      'success',
    ]);
    expect(history.json().data[0]).toMatchObject({ userAgent: 'vitest-browser/1.0', ip: '127.0.0.1' });
  });

  it('turns off only with the password and a code', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const { secret, step } = await enableTwoFactor(t, token, input.password);
    const noPassword = await post(t, '/api/user/2fa/disable', token, {
      password: 'Wrong#Pass1',
      code: totpCode(secret, step + 1),
    });
    expect(noPassword.json().message).toBe(MESSAGES.passwordWrong);
    const off = await post(t, '/api/user/2fa/disable', token, {
      password: input.password,
      code: totpCode(secret, step + 1),
    });
    expect(off.statusCode).toBe(200);
    expect((await tryLogin(t, input.email, input.password)).statusCode).toBe(200);
  });

  it("shows a user's login history to admins only", async () => {
    const adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    const person = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const asAdmin = await t.app.inject({
      url: `/api/admin/loginHistory/${person.user._id}`,
      headers: bearer(adminToken),
    });
    expect(asAdmin.json().data).toMatchObject([{ outcome: 'success' }]);
    const asOther = await t.app.inject({
      url: `/api/admin/loginHistory/${person.user._id}`,
      headers: bearer(other.token),
    });
    expect(asOther.statusCode).toBe(403);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('keeps an administrator without a second factor out of the console until they turn it on', async () => {
    const strict = await createTestApp({ requireAdmin2fa: true });
    try {
      const { token } = await login(strict.app, ADMIN.email, ADMIN.password);
      const refused = await strict.app.inject({ url: '/api/admin/allTransactions', headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.twoFactorRequiredForAdmins);
      await enableTwoFactor(strict, token, ADMIN.password);
      const allowed = await strict.app.inject({ url: '/api/admin/allTransactions', headers: bearer(token) });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('reports admins without a second factor, and the single approver, for the console warnings', async () => {
    const adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
    const response = await t.app.inject({ url: '/api/admin/security', headers: bearer(adminToken) });
    expect(response.json().data).toEqual({
      adminsWithoutTwoFactor: 1,
      isRequiredForAdmins: false,
      governance: { approvers: 1, eligible: 1 },
    });
  });
});
