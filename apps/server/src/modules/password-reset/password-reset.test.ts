import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@vestora/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';

/** A real SMTP server on a free port, keeping what it receives. */
const received: { to: string; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
      callback();
    });
  },
});

let t: TestApp;
let outbox: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://invest.example.com' });
  outbox = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), outbox.close()]);
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const forgot = (app: TestApp, email: string, ip = '10.0.0.1') =>
  app.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email }, remoteAddress: ip });
const reset = (app: TestApp, payload: object) =>
  app.app.inject({ method: 'POST', url: '/api/user/resetPassword', payload });

/** The reset e-mail that reached `email` (sign-up sends the address its confirmation link first). */
async function mailTo(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = received.find(
      (candidate) =>
        candidate.to === email && candidate.raw.includes('Subject: Vestora: Reset your password'),
    );
    if (mail) return mail.raw;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail reached ${email}`);
}

const tokenIn = (raw: string) => {
  // The body is quoted-printable: soft line breaks and '=' arrive encoded.
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /resetpass\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no reset link in:\n${raw}`);
  return match[1];
};

describe('password reset', () => {
  it('e-mails a single-use link, sets the new password and signs out every session', async () => {
    const { token: session, input } = await signUpAndLogin(t.app);
    const asked = await forgot(t, input.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(MESSAGES.resetLinkSent);

    const raw = await mailTo(input.email);
    expect(raw).toContain('https://invest.example.com/resetpass?token=');
    const resetToken = tokenIn(raw);

    const weak = await reset(t, { token: resetToken, password: 'weak', confirmPassword: 'weak' });
    expect(weak.json().message).toBe(MESSAGES.signupPasswordStrength);
    const done = await reset(t, { token: resetToken, password: 'Brand#New1', confirmPassword: 'Brand#New1' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MESSAGES.passwordReset);

    const again = await reset(t, {
      token: resetToken,
      password: 'Other#New1',
      confirmPassword: 'Other#New1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.resetTokenInvalid);
    const oldSession = await t.app.inject({ url: '/api/user/notifications', headers: bearer(session) });
    expect(oldSession.statusCode).toBe(401);
    await expect(login(t.app, input.email, input.password)).rejects.toThrow();
    await login(t.app, input.email, 'Brand#New1');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await forgot(t, 'nobody-here@example.com', '10.0.0.2');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.resetLinkSent);
    // Other tests' alerts may still arrive, after their commits: only this address must get nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((mail) => mail.to === 'nobody-here@example.com')).toEqual([]);
  });

  it('refuses garbage and expired tokens, bad e-mails, and floods', async () => {
    expect(
      (await reset(t, { token: 'garbage', password: 'Brand#New1', confirmPassword: 'Brand#New1' })).json()
        .message,
    ).toBe(MESSAGES.resetTokenInvalid);
    expect((await forgot(t, 'not-an-email')).json().message).toBe(MESSAGES.signupEmail);
    const { input } = await signUpAndLogin(t.app);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await forgot(t, input.email, '10.0.0.3')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    await t.pool.query(`update password_resets set expires_at = now() - interval '1 minute'`);
    const raw = await mailTo(input.email);
    const expired = await reset(t, {
      token: tokenIn(raw),
      password: 'Brand#New1',
      confirmPassword: 'Brand#New1',
    });
    expect(expired.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('writes the e-mail to the outbox folder when no SMTP server is set', async () => {
    const { input } = await signUpAndLogin(outbox.app);
    await forgot(outbox, input.email);
    const dir = path.join(outbox.config.dataDir, 'outbox');
    // The sign-up's confirmation link and the reset link: one file each.
    let files: string[] = [];
    for (let attempt = 0; attempt < 50 && files.length < 2; attempt += 1) {
      files = await readdir(dir).catch(() => []);
      if (files.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
    const resetMail = mails.find((raw) => raw.includes('/resetpass?token='));
    expect(resetMail).toContain(`To: ${input.email}`);
    expect(mails.find((raw) => raw !== resetMail)).toContain('/confirm-email?token=');
  });
});
