import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, TINY_PNG } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function updateProfile(token: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload });
}

describe('PUT /api/user/profile', () => {
  it('saves every field of the Update Profile dialog and returns the fresh record', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    const response = await updateProfile(token, {
      fullName: 'Ada King Lovelace',
      userName: `${input.userName}x`,
      email: `new.${input.email}`,
      phone: '+44 20 7946 0958',
      dateOfBirth: '10/12/1990',
      address: '12 St James Square',
      postalCode: 'SW1Y 4JH',
      country: 'United Kingdom',
      // A new e-mail address asks for the current password.
      password: input.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES.profileUpdated,
      data: { _id: user._id, fullName: 'Ada King Lovelace', userName: `${input.userName}x` },
      details: { phone: '+44 20 7946 0958', dateOfBirth: '10/12/1990', country: 'United Kingdom' },
    });
    const details = await t.app.inject({ url: '/api/user/profile/details', headers: bearer(token) });
    expect(details.json().data).toEqual({
      phone: '+44 20 7946 0958',
      dateOfBirth: '10/12/1990',
      address: '12 St James Square',
      postalCode: 'SW1Y 4JH',
      country: 'United Kingdom',
    });
    // The new e-mail signs in.
    await login(t.app, `new.${input.email}`, input.password);
  });

  it('refuses bad values with their message and changes nothing', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    // The current password travels along, as the dialog sends it when the e-mail changes.
    const base = {
      fullName: input.fullName,
      userName: input.userName,
      email: input.email,
      password: input.password,
    };
    const cases: [object, number, string][] = [
      [{ ...base, fullName: 'Ada' }, 400, MESSAGES.signupFullName],
      [{ ...base, email: 'not-an-email' }, 400, MESSAGES.signupEmail],
      [{ ...base, dateOfBirth: '31/02/1990' }, 400, MESSAGES.profileDate],
      [{ ...base, dateOfBirth: '1990-02-01' }, 400, MESSAGES.profileDate],
      [{ ...base, dateOfBirth: `01/01/${new Date().getFullYear() - 10}` }, 400, MESSAGES.profileAge],
      [{ ...base, phone: 'call me' }, 400, MESSAGES.profilePhone],
      [{ ...base, email: other.input.email }, 409, MESSAGES.emailTaken],
      [{ ...base, userName: other.input.userName.toUpperCase() }, 409, MESSAGES.userNameTaken],
    ];
    for (const [payload, status, message] of cases) {
      const response = await updateProfile(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data).toMatchObject({ email: input.email, userName: input.userName });
  });
});

describe('PUT /api/user/password', () => {
  it('checks the old password, applies the strength rules and signs out the other sessions', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const otherDevice = await login(t.app, input.email, input.password);
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/user/password', headers: bearer(token), payload });

    expect(
      (
        await change({ oldPassword: 'Wrong#Pass1', newPassword: 'New#Pass12', confirmPassword: 'New#Pass12' })
      ).json().message,
    ).toBe(MESSAGES.oldPasswordWrong);
    expect(
      (
        await change({ oldPassword: input.password, newPassword: 'weakpass', confirmPassword: 'weakpass' })
      ).json().message,
    ).toBe(MESSAGES.signupPasswordStrength);
    expect(
      (
        await change({
          oldPassword: input.password,
          newPassword: 'New#Pass12',
          confirmPassword: 'Other#Pass1',
        })
      ).json().message,
    ).toBe(MESSAGES.signupPasswordsMatch);

    const done = await change({
      oldPassword: input.password,
      newPassword: 'New#Pass12',
      confirmPassword: 'New#Pass12',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MESSAGES.passwordChanged);

    const stillHere = await t.app.inject({ url: '/api/user/notifications', headers: bearer(token) });
    expect(stillHere.statusCode).toBe(200);
    const signedOut = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(otherDevice.token),
    });
    expect(signedOut.statusCode).toBe(401);
    await expect(login(t.app, input.email, input.password)).rejects.toThrow();
    await login(t.app, input.email, 'New#Pass12');
  });
});

describe('PUT /api/user/avatar', () => {
  function uploadAvatar(token: string, content: Buffer, name = 'me.png') {
    const { payload, headers } = multipart({}, { field: 'image', name, type: 'image/png', content });
    return t.app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
  }

  it('stores the picture, puts its address on the user record and serves it to its owner', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    expect(user.avatar).toBeNull();

    const response = await uploadAvatar(token, TINY_PNG);
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toBe(MESSAGES.avatarUpdated);
    expect(data.avatar).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data.avatar).toBe(data.avatar);
    const picture = await t.app.inject({ url: data.avatar, headers: bearer(token) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(TINY_PNG)).toBe(true);
    // Signing in again hands out the same record, picture included.
    expect((await login(t.app, input.userName, input.password)).user.avatar).toBe(data.avatar);
  });

  it('refuses anything that is not an image, whatever its name, and keeps the old picture', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const first = (await uploadAvatar(token, TINY_PNG)).json().data.avatar;
    const cases: [Buffer, string][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.svg'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'me.png'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'me.pdf'],
    ];
    for (const [content, name] of cases) {
      const response = await uploadAvatar(token, content, name);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().message).toBe(MESSAGES.avatarType);
    }
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: bearer(token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.avatarRequired);
    const wrongField = multipart(
      {},
      { field: 'picture', name: 'me.png', type: 'image/png', content: TINY_PNG },
    );
    const misnamed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: { ...wrongField.headers, ...bearer(token) },
      payload: wrongField.payload,
    });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().message).toBe(MESSAGES.avatarRequired);
    const tooLarge = await uploadAvatar(
      token,
      Buffer.concat([TINY_PNG, Buffer.alloc(t.config.uploadMaxBytes)]),
    );
    expect(tooLarge.statusCode).toBe(413);

    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    expect(profile.json().data.avatar).toBe(first);
  });

  it("never touches another person's picture, and only its owner and admins can open it", async () => {
    const owner = await signUpAndLogin(t.app);
    const stranger = await signUpAndLogin(t.app);
    const ownerAvatar = (await uploadAvatar(owner.token, TINY_PNG)).json().data.avatar;
    // The stranger's upload lands on the stranger's own record, whatever they try.
    const strangerAvatar = (await uploadAvatar(stranger.token, TINY_PNG)).json().data.avatar;
    expect(strangerAvatar).not.toBe(ownerAvatar);
    const ownerProfile = await t.app.inject({
      url: `/api/user/userprofile/${owner.user._id}`,
      headers: bearer(owner.token),
    });
    expect(ownerProfile.json().data.avatar).toBe(ownerAvatar);

    expect((await t.app.inject({ url: ownerAvatar, headers: bearer(stranger.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: ownerAvatar })).statusCode).toBe(403);
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    expect((await t.app.inject({ url: ownerAvatar, headers: bearer(admin.token) })).statusCode).toBe(200);
  });

  it('deletes the picture it replaces: the old address answers 404 and its bytes are gone', async () => {
    const { token } = await signUpAndLogin(t.app);
    const first = (await uploadAvatar(token, TINY_PNG)).json().data.avatar;
    const replaced = await uploadAvatar(token, Buffer.concat([TINY_PNG, Buffer.from('second')]));
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data.avatar;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ url: first, headers: bearer(token) });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(MESSAGES.fileNotFound);
    const firstId = first.split('/').pop();
    const { rows } = await t.pool.query('select 1 from stored_file_contents where file_id = $1', [firstId]);
    expect(rows).toHaveLength(0);
    expect((await t.app.inject({ url: second, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('keeps exactly one picture when eight replacements race', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    await uploadAvatar(token, TINY_PNG);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        uploadAvatar(token, Buffer.concat([TINY_PNG, Buffer.from(`race ${index}`)])),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const profile = await t.app.inject({ url: `/api/user/userprofile/${user._id}`, headers: bearer(token) });
    const { rows } = await t.pool.query<{ id: string }>(
      'select f.id from stored_files f join stored_file_contents c on c.file_id = f.id where f.owner_id = $1',
      [user._id],
    );
    expect(rows.map((row) => `/api/files/${row.id}`)).toEqual([profile.json().data.avatar]);
  });

  it('asks for a session', async () => {
    const { payload, headers } = multipart(
      {},
      { field: 'image', name: 'me.png', type: 'image/png', content: TINY_PNG },
    );
    const response = await t.app.inject({ method: 'PUT', url: '/api/user/avatar', headers, payload });
    expect(response.statusCode).toBe(401);
  });
});
