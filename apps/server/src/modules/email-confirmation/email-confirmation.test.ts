import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { fundUser, verify } from '../../../test/money.ts';
import {
  bearer,
  createMailbox,
  login,
  newUserInput,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const CONFIRM_SUBJECT = /: Confirm your e-mail address$/;
const WARNING_SUBJECT = /: Someone tried to register with your e-mail address$/;

const clock = createTestClock(new Date('2026-06-01T08:00:00Z'));
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

function post(url: string, token: string | null, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

function signUp(input: ReturnType<typeof newUserInput>) {
  return post('/api/user/signup', null, input);
}

/** The token of the newest confirmation link e-mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const mail = await waitForMail(mailbox, email, CONFIRM_SUBJECT);
  const token = /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
  return token;
}

function mailsTo(email: string, subject: RegExp) {
  return mailbox.sent.filter((mail) => mail.to === email && subject.test(mail.subject));
}

function saveAddress(token: string, password: string) {
  return post('/api/user/addresses', token, { coin: 'btc', address: BTC_ADDRESS, label: 'Cold', password });
}

function withdraw(token: string) {
  return post('/api/user/withdraw', token, { amount: 10, method: 'btc', address: BTC_ADDRESS });
}

async function countAccountsWith(email: string): Promise<number> {
  const { rows } = await t.pool.query('select id from users where lower(email) = lower($1)', [email]);
  return rows.length;
}

describe('e-mail confirmation', () => {
  it('sends a link at sign-up that confirms once; withdrawing and saving an address wait for it', async () => {
    const input = newUserInput();
    const signedUp = await signUp(input);
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json()).toEqual({ message: MESSAGES.signupSuccess });
    const token = await confirmationToken(input.email);

    const person = await login(t.app, input.userName, input.password);
    expect(person.user.isEmailConfirmed).toBe(false);
    await verify(t.app, adminToken, person.user._id);
    await fundUser(t.app, adminToken, person.user._id, 100);

    const refusedAddress = await saveAddress(person.token, input.password);
    expect(refusedAddress.statusCode).toBe(403);
    expect(refusedAddress.json().message).toBe(MESSAGES.emailUnconfirmedToSaveAddress);
    const refusedWithdrawal = await withdraw(person.token);
    expect(refusedWithdrawal.statusCode).toBe(403);
    expect(refusedWithdrawal.json().message).toBe(MESSAGES.emailUnconfirmedToWithdraw);

    const confirmed = await post('/api/user/confirmEmail', null, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(MESSAGES.emailConfirmed);
    const again = await post('/api/user/confirmEmail', null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.emailConfirmationLinkInvalid);

    const profile = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(profile.json().data.isEmailConfirmed).toBe(true);
    expect((await saveAddress(person.token, input.password)).statusCode).toBe(201);
    clock.advance(t.config.withdrawalSafety.addressCoolOffMs + 1000);
    expect((await withdraw(person.token)).statusCode).toBe(201);
    const balance = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(balance.json().data.accountBalance).toBe(90);
  });

  it('confirms exactly once when the same link is opened twice at the same moment', async () => {
    const input = newUserInput();
    await signUp(input);
    const token = await confirmationToken(input.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/user/confirmEmail', null, { token })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('refuses made-up, empty and expired links with one message, and a missing one with 400', async () => {
    for (const token of ['made-up', '', ' ']) {
      const response = await post('/api/user/confirmEmail', null, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.emailConfirmationLinkInvalid);
    }
    expect((await post('/api/user/confirmEmail', null, {})).statusCode).toBe(400);
    const input = newUserInput();
    await signUp(input);
    const token = await confirmationToken(input.email);
    clock.advance(3 * 86_400_000 + 1000);
    const expired = await post('/api/user/confirmEmail', null, { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(MESSAGES.emailConfirmationLinkInvalid);
  });

  it('answers a sign-up with a registered address exactly like a new one, and tells the owner', async () => {
    const owner = newUserInput();
    const first = await signUp(owner);
    const stranger = await signUp(newUserInput({ email: owner.email.toUpperCase() }));
    expect(stranger.statusCode).toBe(first.statusCode);
    expect(stranger.json()).toEqual(first.json());
    expect(await countAccountsWith(owner.email)).toBe(1);
    const warning = await waitForMail(mailbox, owner.email, WARNING_SUBJECT);
    expect(warning.text).toContain('No account was opened, and yours is unchanged.');
    // The stranger's attempt did not send a confirmation link the owner could be tricked into opening.
    expect(mailsTo(owner.email, CONFIRM_SUBJECT)).toHaveLength(1);

    // Three warnings an hour at most: the form cannot be used to flood the owner's inbox.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signUp(newUserInput({ email: owner.email }))).statusCode).toBe(201);
    }
    await expect.poll(() => mailsTo(owner.email, WARNING_SUBJECT).length).toBe(3);
  });

  it('lets two racing sign-ups with one address open one account, both answered alike', async () => {
    const input = newUserInput();
    const answers = await Promise.all([signUp(input), signUp(newUserInput({ email: input.email }))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await countAccountsWith(input.email)).toBe(1);
    await waitForMail(mailbox, input.email, WARNING_SUBJECT);
  });

  it('still tells a taken user name, which is public on every ticket and transfer', async () => {
    const input = newUserInput();
    await signUp(input);
    const sameName = await signUp(newUserInput({ userName: input.userName.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MESSAGES.userNameTaken);
  });

  it('sends a new link on request, three an hour, and none once confirmed', async () => {
    const input = newUserInput();
    await signUp(input);
    const person = await login(t.app, input.userName, input.password);
    await confirmationToken(input.email);
    const answers = [];
    for (let request = 0; request < 4; request += 1) {
      answers.push(await post('/api/user/emailConfirmation', person.token));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.json().message).toBe(MESSAGES.emailConfirmationSent);
    expect(answers[3]?.json().message).toBe(MESSAGES.tooManyAttempts);
    await expect.poll(() => mailsTo(input.email, CONFIRM_SUBJECT).length).toBe(4);

    // Every link sent works until one is used.
    const newest = await confirmationToken(input.email);
    expect((await post('/api/user/confirmEmail', null, { token: newest })).statusCode).toBe(200);
    clock.advance(60 * 60_000 + 1000);
    const afterwards = await post('/api/user/emailConfirmation', person.token);
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json().message).toBe(MESSAGES.emailAlreadyConfirmed);
    expect((await post('/api/user/emailConfirmation', null)).statusCode).toBe(401);
  });

  it('confirms a changed address at the new address; a link to the old one no longer counts', async () => {
    const input = newUserInput();
    await signUp(input);
    const oldLink = await confirmationToken(input.email);
    const person = await login(t.app, input.userName, input.password);
    const newEmail = `new.${input.email}`;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(person.token),
      payload: {
        fullName: input.fullName,
        userName: input.userName,
        email: newEmail,
        password: input.password,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.isEmailConfirmed).toBe(false);

    const stale = await post('/api/user/confirmEmail', null, { token: oldLink });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MESSAGES.emailConfirmationLinkInvalid);
    const newLink = await confirmationToken(newEmail);
    expect((await post('/api/user/confirmEmail', null, { token: newLink })).statusCode).toBe(200);
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(profile.json().data).toMatchObject({ email: newEmail, isEmailConfirmed: true });
  });
});
