import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createMailbox,
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  withTestApp,
} from '../../../test/test-app.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

async function depositCoins(token: string) {
  const response = await t.app.inject({ url: '/api/user/depositCoins', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function checklist(app = t.app, token = adminToken) {
  const response = await app.inject({ url: '/api/admin/setupChecklist', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const { isComplete, items } = response.json().data as {
    isComplete: boolean;
    items: { step: string; isDone: boolean }[];
  };
  return { isComplete, done: Object.fromEntries(items.map(({ step, isDone }) => [step, isDone])) };
}

describe('GET /api/user/depositCoins', () => {
  it('offers no coin on a fresh install, then each coin once it has a wallet address', async () => {
    const { token } = await signUpAndLogin(t.app);
    expect(await depositCoins(token)).toEqual([]);

    const form = multipart({ add: BTC_ADDRESS, type: 'btc' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/postWay',
      headers: { ...bearer(adminToken), ...form.headers },
      payload: form.payload,
    });
    expect(added.statusCode).toBeLessThan(300);
    expect(await depositCoins(token)).toEqual(['btc']);
  });

  it('answers only signed-in people', async () => {
    expect((await t.app.inject({ url: '/api/user/depositCoins' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/setupChecklist', () => {
  it('ticks each step as the operator does it', async () => {
    const before = await checklist();
    expect(before.isComplete).toBe(false);
    expect(before.done).toMatchObject({ reserve: false, mail: false, twoFactor: false });

    const funded = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fundReserve',
      headers: bearer(adminToken),
      payload: { amount: 500, note: 'first reserve' },
    });
    expect(funded.statusCode).toBe(200);
    const after = await checklist();
    expect(after.done).toMatchObject({ gateways: true, plans: true, reserve: true });
  });

  it('counts mail as done when SMTP is configured', async () => {
    const withSmtp = await createTestApp(
      { smtpUrl: 'smtp://mail.example.com:587' },
      { mailer: createMailbox() },
    );
    try {
      const token = (await login(withSmtp.app, ADMIN.email, ADMIN.password)).token;
      expect((await checklist(withSmtp.app, token)).done.mail).toBe(true);
    } finally {
      await withSmtp.close();
    }
  });

  it('is for administrators only', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({ url: '/api/admin/setupChecklist', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
  });
});
