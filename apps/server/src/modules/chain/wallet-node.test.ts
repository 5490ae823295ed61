import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesNamed } from '../../../test/chain-watching.ts';
import { requestDeposit } from '../../../test/money.ts';
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

// One database, two servers: one started without any node setting, one with both nodes named.
let unwatched: TestApp;
let watched: TestApp;
let adminToken: string;
beforeAll(async () => {
  unwatched = await createTestApp();
  watched = await createTestApp(nodesNamed(), { sharedWith: unwatched });
  adminToken = (await login(unwatched.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await watched.close();
  await unwatched.close();
});

const KEYS = {
  btc: TEST_WALLET.bitcoinMainnetZpub,
  eth: TEST_WALLET.ethereumXpub,
  usdt: TEST_WALLET.ethereumXpub,
};

function setWallet(t: TestApp, coin: keyof typeof KEYS, options: { preview?: boolean } = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/wallets/${coin}`,
    headers: bearer(adminToken),
    payload: { xpub: KEYS[coin], confirmations: 2, ...options },
  });
}

function removeWallet(t: TestApp, coin: string, token = adminToken) {
  return t.app.inject({ method: 'DELETE', url: `/api/admin/wallets/${coin}`, headers: bearer(token) });
}

async function walletOf(t: TestApp, coin: string) {
  const list = await t.app.inject({ url: '/api/admin/wallets', headers: bearer(adminToken) });
  return list.json().data.find((wallet: { coin: string }) => wallet.coin === coin);
}

function depositAddress(t: TestApp, token: string, coin: string) {
  return t.app.inject({ url: `/api/user/depositAddress/${coin}`, headers: bearer(token) });
}

async function activeKeys(coin: string): Promise<number> {
  const { rows } = await unwatched.pool.query<{ total: number }>(
    'select count(*)::int as total from chain_wallets where coin = $1 and retired_at is null',
    [coin],
  );
  return rows[0]?.total ?? 0;
}

describe('a watch-only key without a node', () => {
  it('is refused with a sentence naming the setting, saving nothing; a preview still shows its addresses', async () => {
    for (const [coin, message] of [
      ['btc', MESSAGES.bitcoinWalletNeedsNode],
      ['eth', MESSAGES.ethereumWalletNeedsNode],
      ['usdt', MESSAGES.ethereumWalletNeedsNode],
    ] as const) {
      const refused = await setWallet(unwatched, coin);
      expect(refused.statusCode, coin).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(await activeKeys(coin)).toBe(0);
    }
    expect(MESSAGES.bitcoinWalletNeedsNode).toContain('BITCOIN_RPC_URL');
    expect(MESSAGES.ethereumWalletNeedsNode).toContain('ETHEREUM_RPC_URL');

    const preview = await setWallet(unwatched, 'btc', { preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ missingNodeSetting: 'BITCOIN_RPC_URL' });
    expect(preview.json().data.addresses).toHaveLength(3);
    expect(await walletOf(unwatched, 'eth')).toMatchObject({ missingNodeSetting: 'ETHEREUM_RPC_URL' });
    expect(await walletOf(watched, 'eth')).toMatchObject({ missingNodeSetting: null });
  });

  it('saved while a node was set, gives no address once the node is gone: depositors pay the gateway with a proof', async () => {
    expect((await setWallet(watched, 'usdt')).statusCode).toBe(200);
    const person = await signUpAndLogin(unwatched.app);
    expect((await depositAddress(watched, person.token, 'usdt')).statusCode).toBe(200);

    const refused = await depositAddress(unwatched, person.token, 'usdt');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MESSAGES.noWalletForCoin);
    const coins = await unwatched.app.inject({
      url: '/api/user/depositCoins',
      headers: bearer(person.token),
    });
    expect(coins.json().data).not.toContain('usdt');
    expect((await requestDeposit(unwatched.app, person.token, '100', 'usdt')).statusCode).toBe(200);
  });
});

describe('removing a key', () => {
  it('with one administrator, retires it at once, audited; the coin goes back to its gateway and proof', async () => {
    expect((await setWallet(watched, 'btc')).statusCode).toBe(200);
    const person = await signUpAndLogin(watched.app);
    expect((await depositAddress(watched, person.token, 'btc')).statusCode).toBe(200);

    const removed = await removeWallet(watched, 'btc');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      message: MESSAGES.walletRemoved,
      data: { coin: 'btc', xpub: null },
    });
    expect(await activeKeys('btc')).toBe(0);
    expect((await depositAddress(watched, person.token, 'btc')).statusCode).toBe(404);
    expect((await requestDeposit(watched.app, person.token, '100', 'btc')).statusCode).toBe(200);

    const again = await removeWallet(watched, 'btc');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.noWalletToRemove);

    const audit = await watched.app.inject({
      url: '/api/admin/audit?pageSize=100',
      headers: bearer(adminToken),
    });
    const actions = audit.json().data.map((entry: { action: string }) => entry.action);
    expect(actions).toContain('wallet.removed');
  });

  it('is for administrators only, and answers a clear 4xx for a coin that does not exist', async () => {
    const person = await signUpAndLogin(watched.app);
    expect((await removeWallet(watched, 'eth', person.token)).statusCode).toBe(403);
    const unknown = await removeWallet(watched, 'doge');
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
  });

  it('with two administrators, waits for the other one, who applies it once', async () => {
    expect((await setWallet(watched, 'eth')).statusCode).toBe(200);
    const second = await signUpAndLogin(watched.app);
    await grantStaffRoles(watched.app, second.input.userName, ['owner']);
    const secondToken = (await login(watched.app, second.input.userName, second.input.password)).token;

    const proposed = await removeWallet(watched, 'eth');
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json().message).toBe(MESSAGES.walletRemovalWaiting);
    expect(await activeKeys('eth')).toBe(1);

    const pending = await watched.app.inject({
      url: '/api/admin/pendingChanges',
      headers: bearer(secondToken),
    });
    const change = pending.json().data.find((item: { kind: string }) => item.kind === 'wallet.removal');
    expect(change).toMatchObject({ subject: 'eth', details: { key: TEST_WALLET.ethereumXpub } });

    const decide = (token: string) =>
      watched.app.inject({
        method: 'PUT',
        url: `/api/admin/pendingChanges/${change._id}/approve`,
        headers: bearer(token),
      });
    expect((await decide(adminToken)).statusCode).toBe(403);
    expect(await activeKeys('eth')).toBe(1);
    const approvals = await Promise.all([decide(secondToken), decide(secondToken)]);
    expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await activeKeys('eth')).toBe(0);
  });
});
