import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesNamed } from '../../../test/chain-watching.ts';
import {
  ADMIN,
  bearer,
  createTestApp,
  grantStaffRoles,
  login,
  signUpAndLogin,
  type TestApp,
} from '../../../test/test-app.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';

let t: TestApp;
let firstAdmin: string;
let secondAdmin: string;
beforeAll(async () => {
  t = await createTestApp(nodesNamed());
  firstAdmin = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  const { input } = await signUpAndLogin(t.app);
  await grantStaffRoles(t.app, input.userName, ['owner']);
  secondAdmin = (await login(t.app, input.userName, input.password)).token;
});
afterAll(async () => {
  await t.close();
});

function setWallet(token: string, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/wallets/btc', headers: bearer(token), payload });
}

async function bitcoinWallet() {
  const list = await t.app.inject({ url: '/api/admin/wallets', headers: bearer(firstAdmin) });
  return list.json().data.find((wallet: { coin: string }) => wallet.coin === 'btc');
}

async function pendingChanges() {
  const response = await t.app.inject({ url: '/api/admin/pendingChanges', headers: bearer(secondAdmin) });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    _id: string;
    kind: string;
    subject: string;
    details: Record<string, string>;
  }[];
}

function decide(token: string, id: string, verdict: 'approve' | 'reject') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/pendingChanges/${id}/${verdict}`,
    headers: bearer(token),
  });
}

describe('a watch-only key with two administrators', () => {
  it('waits for the other administrator, who applies it once; a change of confirmations alone does not wait', async () => {
    const proposed = await setWallet(firstAdmin, { xpub: TEST_WALLET.bitcoinMainnetZpub, confirmations: 3 });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().message).toBe(MESSAGES.walletChangeWaiting);
    expect((await bitcoinWallet()).xpub).toBeNull();

    const [change] = await pendingChanges();
    expect(change).toMatchObject({ kind: 'wallet.key', subject: 'btc' });
    expect(change?.details.key).toBe(TEST_WALLET.bitcoinMainnetZpub);
    expect(change?.details.addresses).toContain('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    const id = change?._id ?? '';

    expect((await decide(firstAdmin, id, 'approve')).statusCode).toBe(403);
    expect((await bitcoinWallet()).xpub).toBeNull();

    const approvals = await Promise.all([
      decide(secondAdmin, id, 'approve'),
      decide(secondAdmin, id, 'approve'),
    ]);
    expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const wallet = await bitcoinWallet();
    expect(wallet).toMatchObject({ xpub: TEST_WALLET.bitcoinMainnetZpub, confirmations: 3 });
    expect(await pendingChanges()).toEqual([]);
    const keys = await t.pool.query("select count(*)::int as total from chain_wallets where coin = 'btc'");
    expect(keys.rows[0].total).toBe(1);

    const sameKey = await setWallet(firstAdmin, { xpub: TEST_WALLET.bitcoinMainnetZpub, confirmations: 6 });
    expect(sameKey.json().message).toBe(MESSAGES.walletSaved);
    expect(await bitcoinWallet()).toMatchObject({ confirmations: 6 });

    const audit = await t.app.inject({ url: '/api/admin/audit?pageSize=100', headers: bearer(firstAdmin) });
    const actions = audit.json().data.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['change.propose', 'change.approve', 'wallet.set']));
  });
});
