import { formatUtcTime, withdrawalsLockedMessage } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import { balanceOf, fundUser, saveUsableWithdrawalAddress, verify } from '../../../test/money.ts';
import {
  bearer,
  createMailbox,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
  withTestApp,
} from '../../../test/test-app.ts';
import { HOUR_MS } from '../../lib/time.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const NEW_PASSWORD = 'Brand#New2';

const clock = createTestClock(new Date('2026-05-04T08:00:00Z'));
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock, mailer: mailbox });

type Person = Awaited<ReturnType<typeof signUpAndLogin>>;

/** A verified person with a balance and a usable saved address: withdrawals go through. */
async function readyPerson(): Promise<Person> {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, 500);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: person.input.password,
  });
  return person;
}

function withdraw(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(token),
    payload: { amount: 100, method: 'btc', address: BTC_ADDRESS },
  });
}

function post(url: string, token: string | null, payload: object, method: 'POST' | 'PUT' = 'POST') {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
}

/** The change under test; returns a token that still works afterwards. */
const CHANGES: [string, (person: Person) => Promise<string>][] = [
  [
    'a password change',
    async ({ token, input }) => {
      const response = await post(
        '/api/user/password',
        token,
        { oldPassword: input.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'PUT',
      );
      expect(response.statusCode).toBe(200);
      return token;
    },
  ],
  [
    'a password reset',
    async ({ input }) => {
      expect((await post('/api/user/forgotPassword', null, { email: input.email })).statusCode).toBe(200);
      // The link is e-mailed after the answer, so an address that exists cannot be told by timing.
      const resetTokenIn = () =>
        mailbox.sent
          .findLast((candidate) => candidate.to === input.email)
          ?.text.match(/\/resetpass\?token=([\w-]+)/)?.[1];
      await expect.poll(resetTokenIn).toBeDefined();
      const resetToken = resetTokenIn();
      const reset = await post('/api/user/resetPassword', null, {
        token: resetToken,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      return (await login(t.app, input.email, NEW_PASSWORD)).token;
    },
  ],
  [
    'an e-mail change',
    async ({ token, input }) => {
      const response = await post(
        '/api/user/profile',
        token,
        {
          fullName: input.fullName,
          userName: input.userName,
          email: `moved.${input.email}`,
          password: input.password,
        },
        'PUT',
      );
      expect(response.statusCode).toBe(200);
      // The owner confirms the new address at once: what remains is the lock itself.
      const confirmation = await waitForMail(mailbox, `moved.${input.email}`, /Confirm your e-mail address/);
      const confirmToken = /confirm-email\?token=([\w-]+)/.exec(confirmation.text)?.[1];
      expect((await post('/api/user/confirmEmail', null, { token: confirmToken })).statusCode).toBe(200);
      return token;
    },
  ],
  [
    'two-factor sign-in turned off',
    async ({ token, input }) => {
      const setup = await post('/api/user/2fa/setup', token, {});
      const { secret } = setup.json().data;
      const step = totpStep(clock.now());
      const enabled = await post('/api/user/2fa/enable', token, {
        password: input.password,
        code: totpCode(secret, step),
      });
      expect(enabled.statusCode).toBe(200);
      // Turning it on locks nothing: the account is only harder to take over.
      expect((await withdraw(token)).statusCode).toBe(201);
      const disabled = await post('/api/user/2fa/disable', token, {
        password: input.password,
        code: totpCode(secret, step + 1),
      });
      expect(disabled.statusCode).toBe(200);
      return token;
    },
  ],
];

describe('the withdrawal lock after a security change', () => {
  it.each(CHANGES)(
    'refuses withdrawals for the lock period after %s, then accepts them',
    async (_name, change) => {
      const person = await readyPerson();
      const token = await change(person);
      const lockedUntil = new Date(clock.now().getTime() + 24 * HOUR_MS);
      const balanceBefore = await balanceOf(t.app, token, person.user._id);

      const refused = await withdraw(token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(withdrawalsLockedMessage(lockedUntil));
      expect(refused.json().message).toContain(formatUtcTime(lockedUntil));
      expect(refused.json().withdrawalsLockedUntil).toBe(lockedUntil.toISOString());
      const book = await t.app.inject({ url: '/api/user/addresses', headers: bearer(token) });
      expect(book.json().withdrawalsLockedUntil).toBe(lockedUntil.toISOString());

      clock.advance(23 * HOUR_MS);
      expect((await withdraw(token)).statusCode).toBe(403);
      expect(await balanceOf(t.app, token, person.user._id)).toBe(balanceBefore);

      clock.advance(HOUR_MS);
      const accepted = await withdraw(token);
      expect(accepted.statusCode).toBe(201);
      expect(await balanceOf(t.app, token, person.user._id)).toBe(balanceBefore - 100);
      expect(
        (await t.app.inject({ url: '/api/user/addresses', headers: bearer(token) })).json(),
      ).toMatchObject({
        withdrawalsLockedUntil: null,
      });
    },
  );

  it('lets no withdrawal through that races a password change and loses', async () => {
    const person = await readyPerson();
    const [withdrawal, change] = await Promise.all([
      withdraw(person.token),
      post(
        '/api/user/password',
        person.token,
        { oldPassword: person.input.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'PUT',
      ),
    ]);
    expect(change.statusCode).toBe(200);
    expect([201, 403]).toContain(withdrawal.statusCode);
    if (withdrawal.statusCode === 403) {
      expect(withdrawal.json().message).toContain('Withdrawals are paused');
    }
    // Once the change has committed, nothing more leaves.
    expect((await withdraw(person.token)).statusCode).toBe(403);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(
      withdrawal.statusCode === 201 ? 400 : 500,
    );
  });
});
