import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createMailbox,
  createTestApp,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import * as password from '../auth/password.ts';

vi.mock('../auth/password.ts', { spy: true });

const mailbox = createMailbox();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mailer: mailbox });
});
afterAll(async () => {
  await t.close();
});

const forgot = (email: string, ip = '10.5.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', remoteAddress: ip, payload: { email } });
const reset = (token: string, newPassword: string, ip = '10.6.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/resetPassword',
    remoteAddress: ip,
    payload: { token, password: newPassword, confirmPassword: newPassword },
  });

function resetMailsTo(email: string) {
  return mailbox.sent.filter((mail) => mail.to === email && mail.subject.endsWith('Reset your password'));
}

async function resetTokens(email: string, count: number): Promise<string[]> {
  for (let tries = 0; tries < 100; tries += 1) {
    const tokens = resetMailsTo(email).map((mail) => mail.text.match(/resetpass\?token=([\w-]+)/)?.[1] ?? '');
    if (tokens.length >= count) return tokens;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} reset e-mails to ${email}`);
}

describe('reset links', () => {
  it('hashes nothing for a flood of made-up links', async () => {
    vi.mocked(password.hashPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        reset(`made-up-token-${index}`, 'Flood#Pass1', `10.7.${index}.1`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    expect(answers[0]?.json().message).toBe(MESSAGES.resetTokenInvalid);
    expect(password.hashPassword).not.toHaveBeenCalled();
  });

  it('voids every other link once one is used', async () => {
    const { input } = await signUpAndLogin(t.app);
    await forgot(input.email);
    await forgot(input.email);
    const [earlier = '', later = ''] = await resetTokens(input.email, 2);
    vi.mocked(password.hashPassword).mockClear();
    expect((await reset(later, 'First#Reset1')).statusCode).toBe(200);
    // The spy sees real hashing: the flood above hashed nothing because nothing was claimed.
    expect(password.hashPassword).toHaveBeenCalledTimes(1);
    const stale = await reset(earlier, 'Second#Reset1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it("voids a link issued before the owner's own password change", async () => {
    const { input, token } = await signUpAndLogin(t.app);
    await forgot(input.email);
    const [link = ''] = await resetTokens(input.email, 1);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(token),
      payload: { oldPassword: input.password, newPassword: 'Own#Change1', confirmPassword: 'Own#Change1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(link, 'Late#Reset1')).statusCode).toBe(400);
  });

  it('sends at most 5 e-mails for 30 concurrent requests for one address', async () => {
    const { input } = await signUpAndLogin(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => forgot(input.email, `10.8.${index}.1`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(25);
    await resetTokens(input.email, 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resetMailsTo(input.email)).toHaveLength(5);
  });
});
