import { MESSAGES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  newUserInput,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function signup(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/user/signup', payload: payload as object });
}

describe('POST /api/user/signup', () => {
  it('creates the account and answers with the specification message', async () => {
    const response = await signup(newUserInput());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Registration successful!' });
  });

  it.each([
    ['an empty field', { fullName: '' }, 'All fields are required.'],
    ['a missing field', { email: undefined }, 'All fields are required.'],
    [
      'a one-word full name',
      { fullName: 'Ada' },
      'Full name must contain both a first name and a last name separated by a space.',
    ],
    ['different passwords', { confirmPassword: 'Other#Pass1' }, 'Passwords do not match.'],
    [
      'a password without a special character',
      { password: 'Secret1Pass', confirmPassword: 'Secret1Pass' },
      'Password must include uppercase, lowercase, and special characters.',
    ],
    [
      'a password without an uppercase letter',
      { password: 'secret#pass1', confirmPassword: 'secret#pass1' },
      'Password must include uppercase, lowercase, and special characters.',
    ],
    ['a short password', { password: 'Ab#1', confirmPassword: 'Ab#1' }, MESSAGES.signupPasswordLength],
    ['a malformed e-mail', { email: 'not-an-email' }, MESSAGES.signupEmail],
    ['a user name with spaces', { userName: 'two words' }, MESSAGES.signupUserName],
  ])('refuses %s with its message and creates nothing', async (_case, change, message) => {
    const before = await countUsers();
    const response = await signup({ ...newUserInput(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('checks the rules in the specification order', async () => {
    const response = await signup({ ...newUserInput(), fullName: 'Ada', confirmPassword: 'nope' });
    expect(response.json().message).toBe(
      'Full name must contain both a first name and a last name separated by a space.',
    );
  });

  it('refuses a taken user name with 409, ignoring case; a taken e-mail is answered like a new one', async () => {
    const first = newUserInput();
    expect((await signup(first)).statusCode).toBe(201);
    const sameEmail = await signup({ ...newUserInput(), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json().message).toBe(MESSAGES.signupSuccess);
    const sameName = await signup({ ...newUserInput(), userName: first.userName.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MESSAGES.userNameTaken);
  });

  it('lets exactly one of two racing sign-ups with the same e-mail open an account', async () => {
    const input = newUserInput();
    const before = await countUsers();
    const responses = await Promise.all([signup(input), signup({ ...newUserInput(), email: input.email })]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await countUsers()).toBe(before + 1);
  });
});

describe('POST /api/user/login', () => {
  it('returns the full user record and a token that works, never the password hash', async () => {
    const input = newUserInput();
    await signup(input);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: input.email, password: input.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    expect(typeof body.token).toBe('string');
    expect(Object.keys(body.data).sort()).toEqual(
      [
        '_id',
        'userName',
        'fullName',
        'email',
        'deposits',
        'accountBalance',
        'totalProfit',
        'totalDeposit',
        'totalWithdrawn',
        'totaInterest',
        'isAdmin',
        'suspended',
        'status',
        'login',
        'isVerified',
        'isEmailConfirmed',
        'createdAt',
        'avatar',
      ].sort(),
    );
    expect(body.data).toMatchObject({
      userName: input.userName,
      isAdmin: false,
      isVerified: false,
      isEmailConfirmed: false,
    });
    expect(response.body).not.toContain('argon2');
  });

  it('signs in by user name too, whatever its case', async () => {
    const input = newUserInput();
    await signup(input);
    const { user } = await login(t.app, input.userName.toUpperCase(), input.password);
    expect(user.email).toBe(input.email);
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const input = newUserInput();
    await signup(input);
    for (const payload of [
      { userNameOrEmail: input.userName, password: 'Wrong#Pass1' },
      { userNameOrEmail: 'nobody-here', password: 'Wrong#Pass1' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid credentials');
    }
  });

  it('requires both fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: 'someone', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email/Username and Password are required.');
  });

  it('gives a 30-day session with Remember me and a 12-hour one without', async () => {
    const input = newUserInput();
    await signup(input);
    for (const [rememberMe, hours] of [
      [true, 30 * 24],
      [false, 12],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { userNameOrEmail: input.userName, password: input.password, rememberMe },
      });
      expect(response.statusCode).toBe(200);
      const { rows } = await t.pool.query<{ hours: number }>(
        'select extract(epoch from expires_at - created_at) / 3600 as hours from sessions order by created_at desc limit 1',
      );
      expect(Math.round(Number(rows[0]?.hours))).toBe(hours);
    }
  });

  it('refuses a suspended account at sign-in and ends its open sessions', async () => {
    const { token, user, input } = await signUpAndLogin(t.app);
    await t.db.execute(sql`update users set suspended = true where id = ${user._id}`);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: input.userName, password: input.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe('Your account is suspended. Contact support.');
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${user._id}`,
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(403);
  });

  it('limits failures per account: the 11th attempt within 15 minutes gets 429, even with the right password', async () => {
    const input = newUserInput();
    await signup(input);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: `10.1.0.${attempt}`,
        payload: { userNameOrEmail: input.userName, password: 'Wrong#Pass1' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.1.1.1',
      payload: { userNameOrEmail: input.userName, password: input.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Try again later.');
  });

  it('limits failures per IP address across accounts', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.2.0.1',
        payload: { userNameOrEmail: `guess${attempt}`, password: 'Wrong#Pass1' },
      });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.2.0.1',
      payload: { userNameOrEmail: ADMIN.userName, password: ADMIN.password },
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the token on the server', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${user._id}`,
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(401);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(response.statusCode).toBe(401);
  });
});

async function countUsers(): Promise<number> {
  const { rows } = await t.pool.query<{ count: string }>('select count(*) from users');
  return Number(rows[0]?.count);
}
