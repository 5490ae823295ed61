import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@vestora/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  newestDepositId,
  requestDeposit,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';
import { deliverDueMail } from './mail-delivery.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const FIRM = 'Northwind Capital';

/** A real SMTP server on a free port, keeping what it receives. */
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      for (const recipient of session.envelope.rcptTo) {
        received.push({ to: recipient.address, raw: Buffer.concat(chunks).toString('latin1') });
      }
      callback();
    });
  },
});

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://invest.example.com' },
    { clock },
  );
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  await t.pool.query('update site_settings set firm_name = $1', [FIRM]);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

interface ReceivedMail {
  subject: string;
  /** Headers and every part, quoted-printable decoded. */
  content: string;
}

/** Undoes the quoted-printable transfer encoding and header folding, enough to read the message. */
function readable(raw: string): ReceivedMail {
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ');
  const bytes = Buffer.from(
    unfolded
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  return { subject: /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '', content: bytes.toString('utf8') };
}

function mailsTo(email: string, subject: RegExp): ReceivedMail[] {
  return received
    .filter((mail) => mail.to === email)
    .map((mail) => readable(mail.raw))
    .filter((mail) => subject.test(mail.subject));
}

async function mailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 5000 }).toBeGreaterThan(0);
  return mailsTo(email, subject).at(-1) as ReceivedMail;
}

/** The code and the firm's name reach the reader in the plain text and in the HTML part. */
function expectCarries(mail: ReceivedMail, code: string) {
  expect(mail.subject.startsWith(`${FIRM}: `)).toBe(true);
  expect(mail.content).toContain('Content-Type: text/plain');
  expect(mail.content).toContain(`Your anti-phishing code: ${code}\r\n`);
  expect(mail.content).toContain('Content-Type: text/html');
  expect(mail.content).toContain(`Your anti-phishing code: <strong>${code}</strong>`);
  expect(mail.content).toContain(`${FIRM} support:`);
}

function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function outboxCount(userId: string, kind: string): Promise<number> {
  const { rows } = await t.pool.query<{ count: number }>(
    'select count(*)::int as count from mail_outbox where user_id = $1 and kind = $2',
    [userId, kind],
  );
  return rows[0]?.count ?? 0;
}

async function userWithCode(code: string) {
  const person = await signUpAndLogin(t.app);
  const saved = await call('PUT', '/api/user/antiPhishingCode', person.token, { code });
  expect(saved.statusCode).toBe(200);
  return person;
}

describe('the anti-phishing code', () => {
  it('is set, read back with the password only, e-mailed, and removed; each account sees only its own', async () => {
    const { token, input } = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const reveal = (who: string, payload: object) =>
      call('POST', '/api/user/antiPhishingCode/reveal', who, payload);
    expect((await call('GET', '/api/user/antiPhishingCode', token)).json().data).toEqual({
      isSet: false,
      code: null,
    });

    const saved = await call('PUT', '/api/user/antiPhishingCode', token, { code: '  Blue falcon-7 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      data: { isSet: true, code: 'Blue falcon-7' },
      message: MESSAGES.antiPhishingCodeSaved,
    });
    // A session alone reads that a code is set, never the code: with it, a thief could forge our e-mails.
    expect((await call('GET', '/api/user/antiPhishingCode', token)).json().data).toEqual({
      isSet: true,
      code: null,
    });
    const withoutPassword = await reveal(token, {});
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json().message).toBe(MESSAGES.antiPhishingCodeNeedsPassword);
    const wrongPassword = await reveal(token, { password: 'Not#TheOne1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(MESSAGES.passwordWrong);
    const revealed = await reveal(token, { password: input.password });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().data).toEqual({ isSet: true, code: 'Blue falcon-7' });
    const othersOwn = await reveal(other.token, { password: other.input.password });
    expect(othersOwn.json().data).toEqual({ isSet: false, code: null });
    expectCarries(await mailTo(input.email, /anti-phishing code was set/), 'Blue falcon-7');

    const removed = await call('PUT', '/api/user/antiPhishingCode', token, { code: null });
    expect(removed.json()).toEqual({
      data: { isSet: false, code: null },
      message: MESSAGES.antiPhishingCodeRemoved,
    });
    const notice = await mailTo(input.email, /anti-phishing code was removed/);
    expect(notice.content).toContain('You have not set an anti-phishing code.');
  });

  it('refuses a code that is too short, too long, or not plain text, and keeps the old one', async () => {
    const person = await userWithCode('Keep me');
    const { token } = person;
    for (const code of ['abc', 'x'.repeat(33), '<b>bold</b>', 'tab\there']) {
      const refused = await call('PUT', '/api/user/antiPhishingCode', token, { code });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.antiPhishingCodeInvalid);
    }
    const notText = await call('PUT', '/api/user/antiPhishingCode', token, { code: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toBe('code has the wrong type.');
    const kept = await call('POST', '/api/user/antiPhishingCode/reveal', token, {
      password: person.input.password,
    });
    expect(kept.json().data).toEqual({ isSet: true, code: 'Keep me' });
  });
});

describe('e-mail alerts', () => {
  it('tells of password, second-factor and e-mail changes, carrying the code', async () => {
    const { token, input, user } = await userWithCode('Otter 42');
    const changed = await call('PUT', '/api/user/password', token, {
      oldPassword: input.password,
      newPassword: 'Changed#Pass1',
      confirmPassword: 'Changed#Pass1',
    });
    expect(changed.statusCode).toBe(200);
    expectCarries(await mailTo(input.email, /Your password was changed/), 'Otter 42');

    const setup = await call('POST', '/api/user/2fa/setup', token);
    const { secret } = setup.json().data;
    const step = totpStep(clock.now());
    const on = await call('POST', '/api/user/2fa/enable', token, {
      password: 'Changed#Pass1',
      code: totpCode(secret, step),
    });
    expect(on.statusCode).toBe(200);
    expectCarries(await mailTo(input.email, /Two-factor sign-in was turned on/), 'Otter 42');
    const off = await call('POST', '/api/user/2fa/disable', token, {
      password: 'Changed#Pass1',
      code: totpCode(secret, step + 1),
    });
    expect(off.statusCode).toBe(200);
    expectCarries(await mailTo(input.email, /Two-factor sign-in was turned off/), 'Otter 42');

    const newEmail = `moved-${input.email}`;
    const moved = await call('PUT', '/api/user/profile', token, {
      fullName: input.fullName,
      userName: input.userName,
      email: newEmail,
      password: 'Changed#Pass1',
    });
    expect(moved.statusCode).toBe(200);
    const notice = await mailTo(input.email, /e-mail address of your account was changed/);
    expectCarries(notice, 'Otter 42');
    expect(notice.content).toContain(`changed from ${input.email} to ${newEmail}`);
    expect(notice.content).toContain('<a href="https://invest.example.com/lock-account?token=');
    expect(await outboxCount(user._id, 'email_changed')).toBe(1);
  });

  it('tells of a new withdrawal address, and a withdrawal requested, paid with its reference, or declined with the reason', async () => {
    const { token, input, user } = await userWithCode('Heron 9');
    await verify(t.app, adminToken, user._id);
    await fundUser(t.app, adminToken, user._id, 500);
    const saved = await saveUsableWithdrawalAddress(t, clock, token, {
      coin: 'btc',
      address: BTC_ADDRESS,
      password: input.password,
    });
    const added = await mailTo(input.email, /A withdrawal address was added/);
    expectCarries(added, 'Heron 9');
    expect(added.content).toContain(BTC_ADDRESS);

    const withdraw = async () => {
      const response = await call('POST', '/api/user/withdraw', token, { amount: 100, addressId: saved._id });
      expect(response.statusCode).toBe(201);
      return response.json().data._id as string;
    };
    const paidId = await withdraw();
    const requested = await mailTo(input.email, /Withdrawal requested/);
    expectCarries(requested, 'Heron 9');
    expect(requested.content).toContain('A withdrawal of $100.00');

    const approved = await call('PUT', `/api/admin/approveWithdrawal/${paidId}`, adminToken, {
      txHash: 'f00dcafe1234',
    });
    expect(approved.statusCode).toBe(200);
    const paid = await mailTo(input.email, /Withdrawal paid/);
    expectCarries(paid, 'Heron 9');
    expect(paid.content).toContain('Payout reference: f00dcafe1234');

    const declinedId = await withdraw();
    const declined = await call('PUT', `/api/admin/declineWithdrawal/${declinedId}`, adminToken, {
      reason: 'Address flagged by the exchange',
    });
    expect(declined.statusCode).toBe(200);
    const refusal = await mailTo(input.email, /Withdrawal declined/);
    expectCarries(refusal, 'Heron 9');
    expect(refusal.content).toContain('Address flagged by the exchange');
  });

  it("tells of deposits approved or declined, and an administrator's credit or debit with the reason", async () => {
    const { token, input, user } = await userWithCode('Lynx_5');
    expect((await requestDeposit(t.app, token, '120')).statusCode).toBe(200);
    const approved = await call(
      'PUT',
      `/api/admin/approveDeposit/${await newestDepositId(t.app, adminToken, user._id)}`,
      adminToken,
    );
    expect(approved.statusCode).toBe(200);
    const credited = await mailTo(input.email, /Deposit approved/);
    expectCarries(credited, 'Lynx_5');
    expect(credited.content).toContain('deposit of $120.00 was approved');

    expect((await requestDeposit(t.app, token, '80')).statusCode).toBe(200);
    const declined = await call(
      'PUT',
      `/api/admin/declineDeposit/${await newestDepositId(t.app, adminToken, user._id)}`,
      adminToken,
      { reason: 'No payment arrived' },
    );
    expect(declined.statusCode).toBe(200);
    const refusal = await mailTo(input.email, /Deposit declined/);
    expectCarries(refusal, 'Lynx_5');
    expect(refusal.content).toContain('No payment arrived');

    const credit = await call('PUT', `/api/admin/creditOrDebit/${user._id}`, adminToken, {
      mode: 'credit',
      amount: 25,
      reason: 'Loyalty bonus',
    });
    expect(credit.statusCode).toBe(200);
    const bonus = await mailTo(input.email, /Your balance was credited/);
    expectCarries(bonus, 'Lynx_5');
    expect(bonus.content).toContain('An administrator added $25.00');
    expect(bonus.content).toContain('Reason: Loyalty bonus.');

    const debit = await call('PUT', `/api/admin/creditOrDebit/${user._id}`, adminToken, {
      mode: 'debit',
      amount: 10,
      reason: 'Fee correction',
    });
    expect(debit.statusCode).toBe(200);
    const fee = await mailTo(input.email, /Your balance was debited/);
    expectCarries(fee, 'Lynx_5');
    expect(fee.content).toContain('Reason: Fee correction.');
  });

  it('sends money e-mails only as chosen, and security e-mails always', async () => {
    const { token, input, user } = await signUpAndLogin(t.app);
    expect((await call('GET', '/api/user/alertPreferences', token)).json().data).toEqual({
      deposits: true,
      withdrawals: true,
      adjustments: true,
    });
    for (const [payload, message] of [
      [{ deposits: false }, 'withdrawals has the wrong type.'],
      [{ deposits: 'no', withdrawals: true, adjustments: true }, 'deposits has the wrong type.'],
    ] as const) {
      const refused = await call('PUT', '/api/user/alertPreferences', token, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const chosen = await call('PUT', '/api/user/alertPreferences', token, {
      deposits: false,
      withdrawals: true,
      adjustments: false,
    });
    expect(chosen.json()).toEqual({
      data: { deposits: false, withdrawals: true, adjustments: false },
      message: MESSAGES.mailChoicesSaved,
    });
    expect((await call('GET', '/api/user/alertPreferences', token)).json().data).toEqual({
      deposits: false,
      withdrawals: true,
      adjustments: false,
    });

    expect((await requestDeposit(t.app, token, '60')).statusCode).toBe(200);
    const depositId = await newestDepositId(t.app, adminToken, user._id);
    expect((await call('PUT', `/api/admin/approveDeposit/${depositId}`, adminToken)).statusCode).toBe(200);
    await fundUser(t.app, adminToken, user._id, 30);
    const changed = await call('PUT', '/api/user/password', token, {
      oldPassword: input.password,
      newPassword: 'Changed#Pass1',
      confirmPassword: 'Changed#Pass1',
    });
    expect(changed.statusCode).toBe(200);
    await mailTo(input.email, /Your password was changed/);
    expect(await outboxCount(user._id, 'deposit_approved')).toBe(0);
    expect(await outboxCount(user._id, 'admin_credit')).toBe(0);
    expect(mailsTo(input.email, /Deposit|balance/)).toEqual([]);
  });

  it('tells the owner by e-mail whenever an alert is turned off, and only then', async () => {
    const { token, input, user } = await userWithCode('Heron_7');
    const choose = (choices: { deposits: boolean; withdrawals: boolean; adjustments: boolean }) =>
      call('PUT', '/api/user/alertPreferences', token, choices);

    expect((await choose({ deposits: true, withdrawals: false, adjustments: false })).statusCode).toBe(200);
    const notice = await mailTo(input.email, /E-mail alerts were turned off/);
    expectCarries(notice, 'Heron_7');
    expect(notice.content).toContain(
      "You will no longer get e-mails about withdrawals requested, paid or declined, an administrator's credit or debit.",
    );
    expect(notice.content).toContain('If you did not make this change, change your password now');

    // Turning alerts on again, or saving the same choices, is no news.
    expect((await choose({ deposits: true, withdrawals: true, adjustments: false })).statusCode).toBe(200);
    expect((await choose({ deposits: true, withdrawals: true, adjustments: false })).statusCode).toBe(200);
    expect(await outboxCount(user._id, 'alerts_turned_off')).toBe(1);

    // Two sessions muting the same alert at once: each change is told, none is lost.
    const raced = await Promise.all([
      choose({ deposits: true, withdrawals: false, adjustments: false }),
      choose({ deposits: true, withdrawals: false, adjustments: false }),
    ]);
    expect(raced.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await outboxCount(user._id, 'alerts_turned_off')).toBeGreaterThanOrEqual(2);
  });
});

describe('the new-device alert', () => {
  const signIn = (userName: string, password: string, place: { agent: string; ip?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userNameOrEmail: userName, password },
      headers: { 'user-agent': place.agent },
      remoteAddress: place.ip ?? '127.0.0.1',
    });

  it('fires once per new browser or address, not on every sign-in, and not for the device that registered', async () => {
    const { input, user } = await userWithCode('Wren 3');
    const { userName, password, email } = input;
    // signUpAndLogin signed in from the registering device: no alert.
    expect((await signIn(userName, password, { agent: 'lightMyRequest' })).statusCode).toBe(200);
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(0);

    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect((await signIn(userName, password, { agent: firefox })).statusCode).toBe(200);
    const alert = await mailTo(email, /New sign-in to your account/);
    expectCarries(alert, 'Wren 3');
    expect(alert.content).toContain(firefox);
    expect((await signIn(userName, password, { agent: firefox })).statusCode).toBe(200);
    // A browser update is the same device.
    expect((await signIn(userName, password, { agent: firefox.replaceAll('128', '129') })).statusCode).toBe(
      200,
    );
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(1);

    // A known browser from a new address is news.
    expect((await signIn(userName, password, { agent: firefox, ip: '203.0.113.7' })).statusCode).toBe(200);
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(2);
    await expect.poll(() => mailsTo(email, /New sign-in/).length).toBe(2);
  });

  it('knows an IPv6 network by its /64, and what accounts signed in from before the upgrade', async () => {
    const { input, user } = await signUpAndLogin(t.app);
    const agent = 'Old Browser 1.0';
    expect((await signIn(input.userName, input.password, { agent, ip: '2001:db8:7:8::10' })).statusCode).toBe(
      200,
    );
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(1);
    // A privacy address of the same network, from the same browser, is no news.
    const sameNetwork = await signIn(input.userName, input.password, { agent, ip: '2001:0db8:7:8:a:b:c:d' });
    expect(sameNetwork.statusCode).toBe(200);
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(1);

    // The migration learns an account's places from its earlier sign-ins, hashed as the server does.
    await t.pool.query('delete from known_devices where user_id = $1', [user._id]);
    await t.pool.query(
      `insert into login_events (user_id, outcome, ip, user_agent) values ($1, 'success', '192.0.2.5', 'Legacy 3.1')`,
      [user._id],
    );
    const migration = await readFile(
      new URL('../../db/migrations/0018_mail_alerts.sql', import.meta.url),
      'utf8',
    );
    await t.pool.query(migration.split('--> statement-breakpoint').at(-1) ?? '');
    const known = await signIn(input.userName, input.password, {
      agent: 'Legacy 3.2',
      ip: '::ffff:192.0.2.5',
    });
    expect(known.statusCode).toBe(200);
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(1);
  });

  it('alerts once when many sign-ins from one new device race', async () => {
    const { input, user } = await signUpAndLogin(t.app);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        signIn(input.userName, input.password, { agent: 'Safari on a new phone', ip: '198.51.100.20' }),
      ),
    );
    expect(racing.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(await outboxCount(user._id, 'new_sign_in')).toBe(1);
    await mailTo(input.email, /New sign-in/);
    const settled = await signIn(input.userName, input.password, { agent: 'lightMyRequest' });
    expect(settled.statusCode).toBe(200);
    expect(mailsTo(input.email, /New sign-in/)).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('retries a failed send after a wait, and keeps no body once sent', async () => {
    // A server that is never started delivers nothing by itself: this test delivers.
    const quiet = await createTestApp();
    try {
      let failures = 1;
      const sent: string[] = [];
      const flaky = {
        async send(mail: { to: string }) {
          if (failures-- > 0) throw new Error('421 try again later');
          sent.push(mail.to);
        },
      };
      const deps = { db: quiet.db, mailer: flaky, clock, log: { error: () => {} } };
      const soon = new Date(clock.now().getTime() + 60_000);
      await quiet.pool.query(
        `insert into mail_outbox (kind, to_address, subject, text_body, html_body, next_attempt_at)
         values ('password_changed', 'flaky@example.com', 'Test', 'text', '<p>html</p>', $1)`,
        [soon],
      );
      const row = async () => (await quiet.pool.query('select * from mail_outbox')).rows[0];
      await deliverDueMail(deps);
      expect(sent).toEqual([]);
      expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });

      clock.advance(61_000);
      await deliverDueMail(deps);
      expect(sent).toEqual([]);
      const failed = await row();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later' });
      expect(failed.next_attempt_at.getTime()).toBe(clock.now().getTime() + 60_000);

      clock.advance(61_000);
      await deliverDueMail(deps);
      expect(sent).toEqual(['flaky@example.com']);
      expect(await row()).toMatchObject({ status: 'sent', attempts: 2, text_body: null, html_body: null });
    } finally {
      await quiet.close();
    }
  });

  it('sends each e-mail once when two servers on one database deliver at the same time', async () => {
    const second = await createTestApp(t.config, { sharedWith: t, clock });
    try {
      await second.app.ready();
      const { input, user } = await signUpAndLogin(t.app);
      const credits = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          call('PUT', `/api/admin/creditOrDebit/${user._id}`, adminToken, {
            mode: 'credit',
            amount: index + 1,
            reason: `Credit ${index + 1}`,
          }),
        ),
      );
      expect(credits.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
      await expect
        .poll(async () => {
          const { rows } = await t.pool.query<{ count: number }>(
            `select count(*)::int as count from mail_outbox where user_id = $1 and kind = 'admin_credit' and status = 'sent'`,
            [user._id],
          );
          return rows[0]?.count;
        })
        .toBe(12);
      const reasons = mailsTo(input.email, /credited/).map(
        (mail) => /Reason: (Credit \d+)/.exec(mail.content)?.[1],
      );
      expect(reasons).toHaveLength(12);
      expect(new Set(reasons).size).toBe(12);
    } finally {
      await second.close();
    }
  });
});
