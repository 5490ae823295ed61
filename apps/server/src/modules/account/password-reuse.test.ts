import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/user/password with the current password as the new one', () => {
  it('is refused and leaves the password and the other sessions as they were', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const { token: otherDevice } = await login(t.app, input.email, input.password);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { oldPassword: input.password, newPassword: input.password, confirmPassword: input.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.newPasswordSameAsOld);

    // Nothing changed: the other device is still signed in, the same password still signs in.
    const stillSignedIn = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(otherDevice),
    });
    expect(stillSignedIn.statusCode).toBe(200);
    expect((await login(t.app, input.email, input.password)).token).toEqual(expect.any(String));
  });
});
