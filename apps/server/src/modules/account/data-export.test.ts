import { randomBytes } from 'node:crypto';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORTS_PER_DAY,
  dataExportLimitMessage,
  MESSAGES,
  STATEMENT_COLUMNS,
} from '@vestora/shared';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/clock.ts';
import {
  fundUser,
  multipart,
  requestDeposit,
  saveUsableWithdrawalAddress,
  TINY_PNG,
  verify,
} from '../../../test/money.ts';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { totpCode, totpStep } from '../../lib/totp.ts';

const clock = createTestClock();
let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), {}, { clock });

type Person = Awaited<ReturnType<typeof signUpAndLogin>>;

const PASSWORD = 'Secret#Pass1';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function exportData(token: string, payload: object = { password: PASSWORD }) {
  return t.app.inject({ method: 'POST', url: '/api/user/data-export', headers: bearer(token), payload });
}

/** The zip's entries, each as bytes. */
function unzipped(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

/** Every entry that is not a picture, as one text: what a secret or another person must never be in. */
function allText(entries: Record<string, Uint8Array>): string {
  return Object.entries(entries)
    .filter(([name]) => !name.startsWith('verification/') || name.endsWith('.json'))
    .map(([, content]) => strFromU8(content))
    .join('\n');
}

function json(entries: Record<string, Uint8Array>, name: string) {
  const entry = entries[name];
  if (!entry) throw new Error(`${name} is not in the zip`);
  return JSON.parse(strFromU8(entry));
}

/** A PNG of its own: the tiny picture with a tail, so each side's bytes differ. */
function pictureOf(label: string): Buffer {
  return Buffer.concat([TINY_PNG, Buffer.from(`${label}-${randomBytes(8).toString('hex')}`)]);
}

async function uploadImage(token: string, side: 'front' | 'back' | 'selfie', content: Buffer) {
  const { payload, headers } = multipart(
    { side },
    { field: 'image', name: `${side}.png`, type: 'image/png', content },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/verification/images',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** Sends an identity card for review; the pictures sent, by side. */
async function submitVerification(person: Person, legalName: string) {
  const pictures = { front: pictureOf('front'), back: pictureOf('back'), selfie: pictureOf('selfie') };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/verification',
    headers: { ...bearer(person.token), 'idempotency-key': randomBytes(8).toString('hex') },
    payload: {
      legalName,
      dateOfBirth: '1990-04-12',
      country: 'GB',
      address: '12 Analytical Row, London',
      documentType: 'national_id',
      frontImageId: await uploadImage(person.token, 'front', pictures.front),
      backImageId: await uploadImage(person.token, 'back', pictures.back),
      selfieImageId: await uploadImage(person.token, 'selfie', pictures.selfie),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return pictures;
}

async function openTicket(token: string, message: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/support',
    headers: { ...bearer(token), 'idempotency-key': randomBytes(8).toString('hex') },
    payload: { message },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** A person with a deposit, a withdrawal, a support ticket and identity documents under review. */
async function personWithHistory(tag: string) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, 100);
  expect((await requestDeposit(t.app, person.token, '75')).statusCode).toBe(200);
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address: BTC_ADDRESS,
    password: PASSWORD,
  });
  const withdrawal = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: { ...bearer(person.token), 'idempotency-key': randomBytes(8).toString('hex') },
    payload: { amount: 20, method: 'btc', address: BTC_ADDRESS },
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  const ticketMessage = `Where is my withdrawal, ${tag}?`;
  await openTicket(person.token, ticketMessage);
  const legalName = `Augusta Ada King ${tag}`;
  const pictures = await submitVerification(person, legalName);
  return { ...person, ticketMessage, legalName, pictures };
}

async function auditedExports(userId: string) {
  const { rows } = await t.pool.query<{ after: Record<string, number>; created_at: Date }>(
    `select after, created_at from audit_log
      where actor_id = $1 and action = 'account.data_export' order by created_at`,
    [userId],
  );
  return rows;
}

describe('POST /api/user/data-export', () => {
  it("answers a zip of the person's profile, history, sessions and identity documents, and audits its counts", async () => {
    const ada = await personWithHistory('ada');
    const response = await exportData(ada.token);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    const day = clock.now().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="vestora-data-${ada.input.userName}-${day}.zip"`,
    );

    const entries = unzipped(response.rawPayload);
    const pictureNames = Object.keys(entries).filter((name) => name.endsWith('.png'));
    expect(
      Object.keys(entries)
        .filter((name) => !name.endsWith('.png'))
        .sort(),
    ).toEqual([
      'README.txt',
      'deposits.json',
      'investments.json',
      'login-events.json',
      'notifications.json',
      'passkeys.json',
      'profile.json',
      'push-notifications.json',
      'sessions.json',
      'support-tickets.json',
      'transactions.csv',
      'verification/verifications.json',
      'withdrawal-addresses.json',
      'withdrawals.json',
    ]);
    expect(pictureNames).toHaveLength(3);

    expect(json(entries, 'profile.json')).toMatchObject({
      id: ada.user._id,
      userName: ada.input.userName,
      fullName: ada.input.fullName,
      email: ada.input.email,
      verificationLevel: 'Basic',
      accountBalance: 80,
    });
    expect(json(entries, 'deposits.json')).toMatchObject([
      { type: 'deposit', amount: 75, status: 'pending' },
    ]);
    expect(json(entries, 'withdrawals.json')).toMatchObject([
      { amount: 20, address: BTC_ADDRESS, status: 'pending' },
    ]);
    expect(json(entries, 'withdrawal-addresses.json')).toMatchObject([{ address: BTC_ADDRESS }]);
    const [ticket] = json(entries, 'support-tickets.json');
    expect(ticket.userId).toBe(ada.user._id);
    expect(ticket.messages).toMatchObject([{ body: ada.ticketMessage, isFromStaff: false }]);
    expect(json(entries, 'sessions.json')).toMatchObject([{ isCurrent: true }]);
    expect(json(entries, 'login-events.json')).toMatchObject([{ outcome: 'success' }]);
    expect(json(entries, 'push-notifications.json')).toEqual({
      choices: { deposits: true, withdrawals: true, tickets: true },
      browsers: [],
    });

    const [submission] = json(entries, 'verification/verifications.json');
    expect(submission).toMatchObject({ status: 'pending', legalName: ada.legalName, country: 'GB' });
    for (const side of ['front', 'back', 'selfie'] as const) {
      const name = pictureNames.find((candidate) => candidate.endsWith(`-${side}.png`));
      expect(name, side).toMatch(/^verification\//);
      expect(Buffer.from(entries[name ?? ''] ?? [])).toEqual(ada.pictures[side]);
    }

    // The statement is the History export's, for all time, and gains nothing from the verification.
    const csv = entries['transactions.csv'] ?? new Uint8Array();
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const statement = strFromU8(csv);
    expect(statement.split('\r\n')[0]).toBe(STATEMENT_COLUMNS.join(','));
    expect(statement).toContain(',Credit,');
    expect(statement).toContain(',Withdrawal,');
    expect(statement).not.toContain(ada.legalName);
    expect(statement).not.toContain('Analytical Row');

    expect(await auditedExports(ada.user._id)).toMatchObject([
      {
        after: {
          deposits: 1,
          withdrawals: 1,
          supportTickets: 1,
          verifications: 1,
          verificationImages: 3,
          withdrawalAddresses: 1,
          transactions: 2,
          sessions: 1,
        },
      },
    ]);
  });

  it("holds none of another person's data", async () => {
    const grace = await personWithHistory('grace');
    const alan = await personWithHistory('alan');

    const graceText = allText(unzipped((await exportData(grace.token)).rawPayload));
    const alanText = allText(unzipped((await exportData(alan.token)).rawPayload));

    expect(graceText).toContain(grace.user._id);
    expect(alanText).toContain(alan.user._id);
    for (const [text, other] of [
      [graceText, alan],
      [alanText, grace],
    ] as const) {
      expect(text).not.toContain(other.user._id);
      expect(text).not.toContain(other.input.email);
      expect(text).not.toContain(other.ticketMessage);
      expect(text).not.toContain(other.legalName);
    }
  });

  it('holds no password hash, two-factor secret, recovery code or session token hash', async () => {
    const person = await signUpAndLogin(t.app);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/setup',
      headers: bearer(person.token),
    });
    const { secret } = setup.json().data as { secret: string };
    const step = totpStep(clock.now());
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/enable',
      headers: bearer(person.token),
      payload: { password: PASSWORD, code: totpCode(secret, step) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json().data as { recoveryCodes: string[] };

    const withoutCode = await exportData(person.token);
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject({
      message: MESSAGES.twoFactorCodeNeeded,
      twoFactorRequired: true,
    });

    const response = await exportData(person.token, { password: PASSWORD, code: totpCode(secret, step + 1) });
    expect(response.statusCode, response.body).toBe(200);
    const text = allText(unzipped(response.rawPayload));

    const { rows } = await t.pool.query<{ password_hash: string; totp_secret: string; recovery: string[] }>(
      'select password_hash, totp_secret, totp_recovery_hashes as recovery from users where id = $1',
      [person.user._id],
    );
    const [stored] = rows;
    if (!stored) throw new Error('the person was not found');
    const sessions = await t.pool.query<{ token_hash: string }>(
      'select token_hash from sessions where user_id = $1',
      [person.user._id],
    );
    expect(stored.password_hash.length).toBeGreaterThan(20);
    expect(text).not.toContain(stored.password_hash);
    expect(text).not.toMatch(/\$argon2|\$scrypt|\$2[aby]\$/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.totp_secret);
    expect(stored.recovery.length).toBeGreaterThan(0);
    for (const hash of stored.recovery) expect(text).not.toContain(hash);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    expect(sessions.rows.length).toBeGreaterThan(0);
    for (const { token_hash } of sessions.rows) expect(text).not.toContain(token_hash);
    expect(text).not.toContain(person.token);
  });

  it('refuses a wrong or missing password, and audits nothing', async () => {
    const person = await signUpAndLogin(t.app);

    const wrong = await exportData(person.token, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.passwordWrong);
    expect(wrong.headers['content-type']).not.toBe('application/zip');

    const missing = await exportData(person.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(DATA_EXPORT_MESSAGES.passwordRequired);

    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/user/data-export',
      payload: { password: PASSWORD },
    });
    expect(signedOut.statusCode).toBe(401);

    expect(await auditedExports(person.user._id)).toEqual([]);
  });

  it(`allows ${DATA_EXPORTS_PER_DAY} exports in 24 hours and names when the next is possible`, async () => {
    const person = await signUpAndLogin(t.app);
    for (let export_ = 0; export_ < DATA_EXPORTS_PER_DAY; export_ += 1) {
      expect((await exportData(person.token)).statusCode).toBe(200);
    }

    const refused = await exportData(person.token);

    expect(refused.statusCode).toBe(429);
    const audited = await auditedExports(person.user._id);
    expect(audited).toHaveLength(DATA_EXPORTS_PER_DAY);
    const oldest = audited[0]?.created_at ?? new Date(0);
    expect(refused.json().message).toBe(dataExportLimitMessage(new Date(oldest.getTime() + 24 * 3_600_000)));
  });

  it(`lets exactly ${DATA_EXPORTS_PER_DAY} of ${DATA_EXPORTS_PER_DAY + 1} parallel exports through`, async () => {
    const person = await signUpAndLogin(t.app);

    const answers = await Promise.all(
      Array.from({ length: DATA_EXPORTS_PER_DAY + 1 }, () => exportData(person.token)),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array.from({ length: DATA_EXPORTS_PER_DAY }, () => 200),
      429,
    ]);
    expect(await auditedExports(person.user._id)).toHaveLength(DATA_EXPORTS_PER_DAY);
  });
});
