import { describe, expect, it } from 'vitest';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

describe('GET /api/user/userprofile/:id', () => {
  it('returns the signed-in user their own profile', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const response = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: user._id, userName: user.userName, accountBalance: 0 });
  });

  it("refuses another user's profile with 403, existing or not", async () => {
    const alice = await signUpAndLogin(t.app);
    const bob = await signUpAndLogin(t.app);
    for (const id of [bob.user._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await t.app.inject({
        url: `/api/user/userprofile/${id}`,
        headers: bearer(alice.token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You can only view your own profile.');
    }
  });

  it('lets an admin read any profile and answers 404 for an unknown id', async () => {
    const { user } = await signUpAndLogin(t.app);
    const found = await t.app.inject({
      url: `/api/user/userprofile/${user._id}`,
      headers: bearer(adminToken),
    });
    expect(found.statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await t.app.inject({ url: `/api/user/userprofile/${id}`, headers: bearer(adminToken) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User not found.');
    }
  });

  it('answers 401 without a token or with a made-up one', async () => {
    const { user } = await signUpAndLogin(t.app);
    for (const headers of [{}, bearer('made-up-token'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('GET /api/user/getallusers', () => {
  it('lists users for an admin, with the balance under both names', async () => {
    const { user } = await signUpAndLogin(t.app);
    const response = await t.app.inject({ url: '/api/user/getallusers', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Users fetched successfully');
    const row = body.data.find((candidate: { _id: string }) => candidate._id === user._id);
    expect(row).toMatchObject({ accountBalance: 0, acctBalance: 0, isVerified: false });
    expect(response.body).not.toContain('password');
  });

  it('pages the list', async () => {
    await signUpAndLogin(t.app);
    await signUpAndLogin(t.app);
    const response = await t.app.inject({
      url: '/api/user/getallusers?page=1&pageSize=1',
      headers: bearer(adminToken),
    });
    const body = response.json();
    expect(body.data).toHaveLength(1);
    expect(body.total).toBeGreaterThanOrEqual(3);
    const bad = await t.app.inject({
      url: '/api/user/getallusers?pageSize=abc',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a regular user with 403 and no token with 401', async () => {
    const { token } = await signUpAndLogin(t.app);
    expect((await t.app.inject({ url: '/api/user/getallusers', headers: bearer(token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: '/api/user/getallusers' })).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/verifyUser/:id', () => {
  it('verifies the user', async () => {
    const { user, token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/verifyUser/${user._id}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User verification was successful!');
    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data.isVerified).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'zzz']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/verifyUser/${id}`,
        headers: bearer(adminToken),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
