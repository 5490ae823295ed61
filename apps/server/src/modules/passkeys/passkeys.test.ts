import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { MESSAGES, PASSKEY_MESSAGES, passkeyAfterPauseMessage } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
  type SoftwareAuthenticatorOptions,
} from '../../../test/software-authenticator.ts';
import {
  ADMIN,
  bearer,
  createMailbox,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';
import { hashSessionToken } from '../auth/tokens.ts';

const clock = createTestClock();
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

type Person = Awaited<ReturnType<typeof signUpAndLogin>>;
type Assertion = { challengeId: string; response: AuthenticationResponseJSON };

function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** An authenticator on the server's own origin unless a test says otherwise. */
function newAuthenticator(options: SoftwareAuthenticatorOptions = {}): SoftwareAuthenticator {
  return createSoftwareAuthenticator({ origin: t.config.passkeys.origin, ...options });
}

async function startRegistration(token: string, proof: object) {
  const response = await call(token, 'POST', '/api/user/passkeys/registration', proof);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { challengeId: string; options: never };
}

/** Registers a new passkey of `authenticator` on the account, proving identity with `proof`. */
async function addPasskey(
  token: string,
  authenticator: SoftwareAuthenticator,
  proof: object,
  name = 'Laptop',
) {
  const { challengeId, options } = await startRegistration(token, proof);
  const added = await call(token, 'POST', '/api/user/passkeys', {
    challengeId,
    name,
    response: authenticator.register(options),
  });
  expect(added.statusCode, added.body).toBe(201);
  expect(added.json().message).toBe(PASSKEY_MESSAGES.added);
  return added.json().data as { _id: string; name: string };
}

async function personWithPasskey(options: SoftwareAuthenticatorOptions = {}) {
  const person = await signUpAndLogin(t.app);
  const authenticator = newAuthenticator(options);
  const passkey = await addPasskey(person.token, authenticator, { password: person.input.password });
  return { ...person, authenticator, passkey };
}

async function listPasskeys(token: string) {
  const response = await call(token, 'GET', '/api/user/passkeys');
  expect(response.statusCode).toBe(200);
  return response.json().data as { _id: string; name: string; lastUsedAt: string | null }[];
}

async function passkeyRows(userId: string): Promise<number> {
  const { rows } = await t.pool.query<{ count: number }>(
    'select count(*)::int as count from passkeys where user_id = $1',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

async function signInOptions() {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
  expect(response.statusCode).toBe(200);
  return response.json().data as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
}

let signInCount = 0;
/**
 * Each sign-in from an address of its own: refusals count against the address's limit of sign-in
 * failures, and this file refuses more than that on purpose.
 */
function nextAddress(): string {
  signInCount += 1;
  return `10.9.${signInCount >> 8}.${signInCount & 255}`;
}

function signInWithPasskey(passkey: Assertion) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/passkey',
    headers: { 'user-agent': 'vitest-browser/1.0' },
    remoteAddress: nextAddress(),
    payload: { passkey },
  });
}

/** A discoverable sign-in answered by `authenticator`, bent by `overrides`. */
async function signInAssertion(
  authenticator: SoftwareAuthenticator,
  overrides: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
): Promise<Assertion> {
  const { challengeId, options } = await signInOptions();
  return { challengeId, response: authenticator.authenticate(options, overrides) };
}

async function reauthAssertion(
  token: string,
  authenticator: SoftwareAuthenticator,
  overrides: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
): Promise<Assertion> {
  const response = await call(token, 'POST', '/api/user/passkeys/challenge', { purpose: 'reauthenticate' });
  expect(response.statusCode, response.body).toBe(200);
  const { challengeId, options } = response.json().data;
  return { challengeId, response: authenticator.authenticate(options, overrides) };
}

/** Each call a code of the next 30-second step, which the server has not seen used. */
function nextTotpCode(secret: string): string {
  clock.advance(30_000);
  return totpCode(secret, totpStep(clock.now()));
}

async function enableTwoFactor(person: Person): Promise<string> {
  const setup = await call(person.token, 'POST', '/api/user/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const enabled = await call(person.token, 'POST', '/api/user/2fa/enable', {
    password: person.input.password,
    code: nextTotpCode(secret),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

function tryLogin(payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': 'vitest-browser/1.0' },
    remoteAddress: nextAddress(),
    payload,
  });
}

async function loginOutcomes(token: string): Promise<string[]> {
  const history = await call(token, 'GET', '/api/user/login-history');
  expect(history.statusCode).toBe(200);
  return history.json().data.map((event: { outcome: string }) => event.outcome);
}

describe('adding and removing a passkey', () => {
  it('adds a passkey after the password, and lists it with its name and last use', async () => {
    const person = await signUpAndLogin(t.app);
    const authenticator = newAuthenticator();
    const added = await addPasskey(person.token, authenticator, { password: person.input.password }, 'Phone');
    expect(added).toMatchObject({ name: 'Phone' });
    expect(await listPasskeys(person.token)).toEqual([
      expect.objectContaining({ _id: added._id, name: 'Phone', isSynced: false, lastUsedAt: null }),
    ]);
    await waitForMail(mailbox, person.user.email, /A passkey was added to your account/);

    const signedIn = await signInWithPasskey(await signInAssertion(authenticator));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await listPasskeys(person.token))[0]?.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('asks for the code as well when two-factor sign-in is on', async () => {
    const person = await signUpAndLogin(t.app);
    const secret = await enableTwoFactor(person);
    const withoutCode = await call(person.token, 'POST', '/api/user/passkeys/registration', {
      password: person.input.password,
    });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject({
      message: MESSAGES.twoFactorCodeNeeded,
      twoFactorRequired: true,
    });
    await addPasskey(person.token, newAuthenticator(), {
      password: person.input.password,
      code: nextTotpCode(secret),
    });
    expect(await listPasskeys(person.token)).toHaveLength(1);
  });

  it('refuses a wrong password, and a session alone', async () => {
    const person = await signUpAndLogin(t.app);
    const wrong = await call(person.token, 'POST', '/api/user/passkeys/registration', {
      password: 'Wrong#Pass1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    const none = await call(person.token, 'POST', '/api/user/passkeys/registration', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.passwordWrong);
    expect(await passkeyRows(person.user._id)).toBe(0);
  });

  it('refuses a passkey made for another origin and stores nothing', async () => {
    const person = await signUpAndLogin(t.app);
    const { challengeId, options } = await startRegistration(person.token, {
      password: person.input.password,
    });
    const phished = await call(person.token, 'POST', '/api/user/passkeys', {
      challengeId,
      name: 'Phished',
      response: newAuthenticator().register(options, { origin: 'https://evil.example' }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().message).toBe(PASSKEY_MESSAGES.notVerified);
    expect(await passkeyRows(person.user._id)).toBe(0);
    expect(await listPasskeys(person.token)).toEqual([]);
  });

  it('uses a registration challenge once, and only for the account it was issued to', async () => {
    const person = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const { challengeId, options } = await startRegistration(person.token, {
      password: person.input.password,
    });
    const authenticator = newAuthenticator();
    const payload = { challengeId, name: 'Laptop', response: authenticator.register(options) };

    const byOther = await call(other.token, 'POST', '/api/user/passkeys', payload);
    expect(byOther.statusCode).toBe(400);
    expect(byOther.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await passkeyRows(other.user._id)).toBe(0);

    expect((await call(person.token, 'POST', '/api/user/passkeys', payload)).statusCode).toBe(201);
    const again = await call(person.token, 'POST', '/api/user/passkeys', {
      ...payload,
      response: authenticator.register(options),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await passkeyRows(person.user._id)).toBe(1);
  });

  it('adds a second passkey only with the first, not with the password', async () => {
    const person = await personWithPasskey();
    const byPassword = await call(person.token, 'POST', '/api/user/passkeys/registration', {
      password: person.input.password,
    });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json()).toMatchObject({ message: PASSKEY_MESSAGES.required, passkeyRequired: true });

    const second = newAuthenticator();
    const { challengeId, options } = await startRegistration(person.token, {
      passkey: await reauthAssertion(person.token, person.authenticator),
    });
    expect((options as { excludeCredentials: { id: string }[] }).excludeCredentials).toEqual([
      expect.objectContaining({ id: person.authenticator.credentials[0]?.credentialId }),
    ]);
    const added = await call(person.token, 'POST', '/api/user/passkeys', {
      challengeId,
      name: 'Security key',
      response: second.register(options),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await listPasskeys(person.token)).map((passkey) => passkey.name)).toEqual([
      'Laptop',
      'Security key',
    ]);
  });

  it('does not let a registration started by password add a passkey once the account has one', async () => {
    const person = await signUpAndLogin(t.app);
    const proof = { password: person.input.password };
    const owner = await startRegistration(person.token, proof);
    // Another tab (or a page relaying the password) starts its own before the first one finishes.
    const relayed = await startRegistration(person.token, proof);
    const first = await call(person.token, 'POST', '/api/user/passkeys', {
      challengeId: owner.challengeId,
      name: 'Laptop',
      response: newAuthenticator().register(owner.options),
    });
    expect(first.statusCode).toBe(201);
    const second = await call(person.token, 'POST', '/api/user/passkeys', {
      challengeId: relayed.challengeId,
      name: 'Phisher',
      response: newAuthenticator().register(relayed.options),
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    expect(await passkeyRows(person.user._id)).toBe(1);
    const restarted = await call(person.token, 'POST', '/api/user/passkeys/registration', proof);
    expect(restarted.json()).toMatchObject({ message: PASSKEY_MESSAGES.required, passkeyRequired: true });
  });

  it('adds one passkey when several registrations started by password finish at the same time', async () => {
    const person = await signUpAndLogin(t.app);
    const proof = { password: person.input.password };
    const started = [];
    for (let index = 0; index < 4; index += 1) started.push(await startRegistration(person.token, proof));
    const responses = await Promise.all(
      started.map(({ challengeId, options }, index) =>
        call(person.token, 'POST', '/api/user/passkeys', {
          challengeId,
          name: `Key ${index}`,
          response: newAuthenticator().register(options),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
    }
    expect(await passkeyRows(person.user._id)).toBe(1);
  });

  it('removes a passkey only with a fresh proof, ends the other sessions, locks withdrawals and e-mails the owner', async () => {
    const person = await personWithPasskey();
    const otherDevice = await login(t.app, person.input.userName, person.input.password);
    const url = `/api/user/passkeys/${person.passkey._id}`;

    const stranger = await signUpAndLogin(t.app);
    const byStranger = await call(stranger.token, 'DELETE', url, { password: stranger.input.password });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().message).toBe(PASSKEY_MESSAGES.notFound);

    const bare = await call(person.token, 'DELETE', url, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(MESSAGES.passwordWrong);
    const wrong = await call(person.token, 'DELETE', url, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(await passkeyRows(person.user._id)).toBe(1);
    expect((await call(otherDevice.token, 'GET', '/api/user/passkeys')).statusCode).toBe(200);

    const removed = await call(person.token, 'DELETE', url, {
      passkey: await reauthAssertion(person.token, person.authenticator),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(PASSKEY_MESSAGES.removed);
    expect(await passkeyRows(person.user._id)).toBe(0);
    expect((await call(otherDevice.token, 'GET', '/api/user/passkeys')).statusCode).toBe(401);
    expect((await call(person.token, 'GET', '/api/user/passkeys')).statusCode).toBe(200);
    const book = await call(person.token, 'GET', '/api/user/addresses');
    expect(new Date(book.json().withdrawalsLockedUntil).getTime()).toBeGreaterThan(clock.now().getTime());
    const mail = await waitForMail(mailbox, person.user.email, /A passkey was removed from your account/);
    expect(mail.text).toContain('"Laptop"');

    const gone = await call(person.token, 'DELETE', url, { password: person.input.password });
    expect(gone.statusCode).toBe(404);
  });
});

describe('what a stolen password cannot do to the passkeys', () => {
  it('adds no passkey by password while withdrawals are paused after the passkeys were removed by password', async () => {
    const person = await personWithPasskey();
    const removed = await call(person.token, 'DELETE', `/api/user/passkeys/${person.passkey._id}`, {
      password: person.input.password,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const book = await call(person.token, 'GET', '/api/user/addresses');
    const pausedUntil = new Date(book.json().withdrawalsLockedUntil);

    const refused = await call(person.token, 'POST', '/api/user/passkeys/registration', {
      password: person.input.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(passkeyAfterPauseMessage(pausedUntil));
    expect(await passkeyRows(person.user._id)).toBe(0);

    clock.advance(pausedUntil.getTime() - clock.now().getTime() + 1000);
    await addPasskey(person.token, newAuthenticator(), { password: person.input.password }, 'New phone');
    expect(await passkeyRows(person.user._id)).toBe(1);
  });

  it("goes with an administrator's reset of the second factor, audited, even without an authenticator app", async () => {
    const person = await personWithPasskey();
    const url = `/api/admin/users/${person.user._id}/2fa`;
    const reset = await call(adminToken, 'DELETE', url);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await passkeyRows(person.user._id)).toBe(0);
    expect((await signInWithPasskey(await signInAssertion(person.authenticator))).statusCode).toBe(401);
    const audit = await call(
      adminToken,
      'GET',
      `/api/admin/audit?action=user.reset2fa&targetId=${person.user._id}`,
    );
    expect(audit.json().data[0]).toMatchObject({
      before: { twoFactor: 'off', passkeys: 1 },
      after: { twoFactor: 'off', passkeys: 0 },
    });
    const again = await call(adminToken, 'DELETE', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.twoFactorNotOn);
  });

  it('removes, with the lock link of an e-mail change, the passkey whoever changed it added', async () => {
    const person = await signUpAndLogin(t.app);
    const thief = newAuthenticator();
    await addPasskey(person.token, thief, { password: person.input.password }, 'Not mine');
    const profile = await call(person.token, 'GET', `/api/user/userprofile/${person.user._id}`);
    const { fullName, userName } = profile.json().data;
    const changed = await call(person.token, 'PUT', '/api/user/profile', {
      fullName,
      userName,
      email: `moved-${person.input.email}`,
      password: person.input.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await waitForMail(
      mailbox,
      person.input.email,
      /e-mail address of your account was changed/,
    );
    const token = notice.text.match(/lock-account\?token=([\w-]+)/)?.[1] ?? '';
    const locked = await t.app.inject({ method: 'POST', url: '/api/user/lockAccount', payload: { token } });
    expect(locked.statusCode, locked.body).toBe(200);

    const signIn = await signInWithPasskey(await signInAssertion(thief));
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().token).toBeUndefined();
    expect(await passkeyRows(person.user._id)).toBe(0);
  });
});

describe('signing in with a passkey alone', () => {
  it('signs in, with a token that works, and records the sign-in', async () => {
    const person = await personWithPasskey();
    const response = await signInWithPasskey(await signInAssertion(person.authenticator));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES.loginSuccess,
      data: { _id: person.user._id, userName: person.input.userName },
    });
    const { token } = response.json();
    expect(token).not.toBe(person.token);
    expect((await listPasskeys(token))[0]?.lastUsedAt).toBe(clock.now().toISOString());
    expect((await loginOutcomes(token))[0]).toBe('success');
  });

  it('answers a sign-in challenge once', async () => {
    const person = await personWithPasskey();
    const assertion = await signInAssertion(person.authenticator);
    expect((await signInWithPasskey(assertion)).statusCode).toBe(200);
    const replayed = await signInWithPasskey(assertion);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);

    const racing = await signInAssertion(person.authenticator);
    const responses = await Promise.all(Array.from({ length: 4 }, () => signInWithPasskey(racing)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('refuses an assertion made for another origin, another RP ID, or without user verification', async () => {
    const person = await personWithPasskey();
    const before = await loginOutcomes(person.token);
    for (const overrides of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const response = await signInWithPasskey(await signInAssertion(person.authenticator, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(401);
      expect(response.json().message).toBe(PASSKEY_MESSAGES.notVerified);
      expect(response.json().token).toBeUndefined();
    }
    expect(await loginOutcomes(person.token)).toEqual(before);
    expect((await listPasskeys(person.token))[0]?.lastUsedAt).toBeNull();
  });

  it('refuses a passkey no account holds, in the words of any other refusal', async () => {
    const person = await signUpAndLogin(t.app);
    const stray = newAuthenticator();
    stray.register((await startRegistration(person.token, { password: person.input.password })).options);
    const response = await signInWithPasskey(await signInAssertion(stray));
    expect(response.statusCode).toBe(401);
    // Whether a credential id is registered is nobody's to learn from this public route.
    expect(response.json().message).toBe(PASSKEY_MESSAGES.notVerified);
  });

  it('refuses a suspended account with the suspended message', async () => {
    const person = await personWithPasskey();
    const suspended = await call(adminToken, 'PUT', `/api/admin/suspendUser/${person.user._id}`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const response = await signInWithPasskey(await signInAssertion(person.authenticator));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.suspended);
    expect(response.json().token).toBeUndefined();
    const { rows } = await t.pool.query<{ outcome: string }>(
      'select outcome from login_events where user_id = $1 order by created_at desc limit 1',
      [person.user._id],
    );
    expect(rows[0]?.outcome).toBe('suspended');
  });

  it('refuses a signature counter that goes backwards as a copy, and e-mails the owner', async () => {
    const person = await personWithPasskey();
    expect((await signInWithPasskey(await signInAssertion(person.authenticator))).statusCode).toBe(200);
    const copy = person.authenticator.credentials[0]?.counter ?? 0;
    const cloned = await signInWithPasskey(
      await signInAssertion(person.authenticator, { counter: copy - 1 }),
    );
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().message).toBe(PASSKEY_MESSAGES.cloned);
    expect(cloned.json().token).toBeUndefined();
    const mail = await waitForMail(mailbox, person.user.email, /A copy of your passkey was refused/);
    expect(mail.text).toContain('"Laptop"');
    // Which one is the copy cannot be told: the credential is off, even with a counter moving on.
    const next = await signInWithPasskey(await signInAssertion(person.authenticator, { counter: copy + 5 }));
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toBe(PASSKEY_MESSAGES.disabled);
  });

  it('refuses a credential whose backup eligibility changed since it was registered', async () => {
    const person = await personWithPasskey({ backupEligible: false });
    const synced = newAuthenticator({ backupEligible: true, backedUp: true });
    synced.credentials.push(...person.authenticator.credentials);
    const response = await signInWithPasskey(await signInAssertion(synced));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(PASSKEY_MESSAGES.notVerified);
  });
});

describe('a passkey as the second factor', () => {
  async function twoFactorPersonWithPasskey() {
    const person = await signUpAndLogin(t.app);
    const secret = await enableTwoFactor(person);
    const authenticator = newAuthenticator();
    await addPasskey(person.token, authenticator, {
      password: person.input.password,
      code: nextTotpCode(secret),
    });
    return { ...person, authenticator };
  }

  async function secondFactorChallenge(person: Person) {
    const first = await tryLogin({ userNameOrEmail: person.input.email, password: person.input.password });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ twoFactorRequired: true, message: MESSAGES.twoFactorCodeNeeded });
    return first.json().passkey as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
  }

  it('answers a sign-in without a code with a passkey challenge, which signs in', async () => {
    const person = await twoFactorPersonWithPasskey();
    const { challengeId, options } = await secondFactorChallenge(person);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      person.authenticator.credentials[0]?.credentialId,
    ]);
    const passkey = { challengeId, response: person.authenticator.authenticate(options) };
    const signedIn = await tryLogin({
      userNameOrEmail: person.input.email,
      password: person.input.password,
      passkey,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: MESSAGES.loginSuccess, data: { _id: person.user._id } });
    expect((await call(signedIn.json().token, 'GET', '/api/user/passkeys')).statusCode).toBe(200);

    const replayed = await tryLogin({
      userNameOrEmail: person.input.email,
      password: person.input.password,
      passkey,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({
      twoFactorRequired: true,
      message: PASSKEY_MESSAGES.confirmationExpired,
    });
    expect(replayed.json().token).toBeUndefined();
  });

  it("refuses another user's passkey, and the challenge for a sign-in by passkey alone", async () => {
    const person = await twoFactorPersonWithPasskey();
    const intruder = await personWithPasskey();
    const { challengeId, options } = await secondFactorChallenge(person);
    const response = intruder.authenticator.authenticate(options, {
      credentialId: intruder.authenticator.credentials[0]?.credentialId ?? '',
    });
    const refused = await tryLogin({
      userNameOrEmail: person.input.email,
      password: person.input.password,
      passkey: { challengeId, response },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      twoFactorRequired: true,
      message: PASSKEY_MESSAGES.unknownPasskey,
    });
    expect(refused.json().token).toBeUndefined();
    expect((await loginOutcomes(person.token))[0]).toBe('wrong_passkey');

    const { challengeId: other, options: otherOptions } = await secondFactorChallenge(person);
    const alone = await signInWithPasskey({
      challengeId: other,
      response: person.authenticator.authenticate(otherOptions),
    });
    expect(alone.statusCode).toBe(401);
    expect(alone.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
  });

  it('still needs the right password before the passkey is asked', async () => {
    const person = await twoFactorPersonWithPasskey();
    const wrong = await tryLogin({ userNameOrEmail: person.input.email, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
    expect(wrong.json().passkey).toBeUndefined();
  });
});

describe('re-authenticating with a passkey', () => {
  it('changes the e-mail address with a passkey instead of the password, once per challenge', async () => {
    const person = await personWithPasskey();
    const passkey = await reauthAssertion(person.token, person.authenticator);
    const profile = {
      fullName: person.input.fullName,
      userName: person.input.userName,
      email: `new.${person.input.email}`,
    };
    const changed = await call(person.token, 'PUT', '/api/user/profile', { ...profile, passkey });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ email: `new.${person.input.email}` });

    const replayed = await call(person.token, 'PUT', '/api/user/profile', {
      ...profile,
      email: `again.${person.input.email}`,
      passkey,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(PASSKEY_MESSAGES.confirmationExpired);
  });

  it("refuses another user's challenge or passkey, and a sign-in challenge", async () => {
    const person = await personWithPasskey();
    const other = await personWithPasskey();
    const profile = {
      fullName: person.input.fullName,
      userName: person.input.userName,
      email: `new.${person.input.email}`,
    };
    const cases: [Assertion, string][] = [
      [await reauthAssertion(other.token, other.authenticator), PASSKEY_MESSAGES.confirmationExpired],
      [
        await reauthAssertion(person.token, other.authenticator, {
          credentialId: other.authenticator.credentials[0]?.credentialId ?? '',
        }),
        PASSKEY_MESSAGES.unknownPasskey,
      ],
      [await signInAssertion(person.authenticator), PASSKEY_MESSAGES.confirmationExpired],
      [
        await reauthAssertion(person.token, person.authenticator, { rpId: 'evil.example' }),
        PASSKEY_MESSAGES.notVerified,
      ],
    ];
    for (const [passkey, message] of cases) {
      const response = await call(person.token, 'PUT', '/api/user/profile', { ...profile, passkey });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const record = await call(person.token, 'GET', `/api/user/userprofile/${person.user._id}`);
    expect(record.json().data.email).toBe(person.input.email);
  });

  it('closes the account with a passkey, after which the passkey no longer signs in', async () => {
    const person = await personWithPasskey();
    const closed = await call(person.token, 'POST', '/api/user/close', {
      passkey: await reauthAssertion(person.token, person.authenticator),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const response = await signInWithPasskey(await signInAssertion(person.authenticator));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(PASSKEY_MESSAGES.notVerified);
    const { rows } = await t.pool.query('select 1 from passkeys where user_id = $1', [person.user._id]);
    expect(rows).toHaveLength(0);
  });

  it("renews a staff member's confirmation with a passkey", async () => {
    const person = await signUpAndLogin(t.app);
    const session = await login(t.app, ADMIN.email, ADMIN.password);
    const authenticator = newAuthenticator();
    await addPasskey(session.token, authenticator, { password: ADMIN.password }, 'Admin key');
    await t.pool.query(
      "update sessions set reauthenticated_at = now() - interval '1 hour' where token_hash = $1",
      [hashSessionToken(session.token)],
    );
    const suspend = () => call(session.token, 'PUT', `/api/admin/suspendUser/${person.user._id}`);
    const stale = await suspend();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ message: MESSAGES.staffReauthNeeded, reauthRequired: true });

    const confirmed = await call(session.token, 'POST', '/api/admin/reauthenticate', {
      passkey: await reauthAssertion(session.token, authenticator),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(MESSAGES.staffReauthConfirmed);
    expect((await suspend()).statusCode).toBe(200);
  });
});
