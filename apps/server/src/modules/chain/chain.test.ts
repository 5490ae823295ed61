import { MESSAGES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nodesNamed } from '../../../test/chain-watching.ts';
import { requestDeposit } from '../../../test/money.ts';
import { bearer, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), nodesNamed());

function setWallet(coin: string, payload: object, token = adminToken) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/wallets/${coin}`, headers: bearer(token), payload });
}

function depositAddress(token: string, coin: string) {
  return t.app.inject({ method: 'GET', url: `/api/user/depositAddress/${coin}`, headers: bearer(token) });
}

describe('watch-only wallets', () => {
  it('previews the first three receive addresses without saving anything', async () => {
    const response = await setWallet('btc', {
      xpub: TEST_WALLET.bitcoinMainnetZpub,
      confirmations: 3,
      preview: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.walletPreviewed);
    expect(response.json().data.addresses).toEqual([
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
      'bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z',
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/wallets',
      headers: bearer(adminToken),
    });
    expect(list.json().data.find((wallet: { coin: string }) => wallet.coin === 'btc').xpub).toBeNull();
  });

  it('refuses private keys, wrong networks and malformed keys with a clear 400, saving nothing', async () => {
    const cases = [
      [{ xpub: TEST_WALLET.ethereumXprv, confirmations: 3 }, MESSAGES.walletKeyPrivate],
      [{ xpub: TEST_WALLET.bitcoinRegtestVpub, confirmations: 3 }, MESSAGES.walletKeyWrongNetwork],
      [{ xpub: 'not-a-key', confirmations: 3 }, MESSAGES.walletKeyMalformed],
      [{ xpub: TEST_WALLET.bitcoinMainnetZpub, confirmations: 0 }, 'At least one confirmation.'],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await setWallet('btc', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }

    const unknownCoin = await setWallet('doge', { xpub: TEST_WALLET.ethereumXpub, confirmations: 3 });
    expect(unknownCoin.statusCode).toBe(404);
    expect(unknownCoin.json().message).toBe(MESSAGES.unknownCoin);
    const rows = await t.db.execute(sql`select 1 from chain_wallets`);
    expect(rows.rows).toHaveLength(0);
  });

  it('is for administrators only', async () => {
    const person = await signUpAndLogin(t.app);
    expect(
      (await setWallet('eth', { xpub: TEST_WALLET.ethereumXpub, confirmations: 3 }, person.token)).statusCode,
    ).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/wallets',
      headers: bearer(person.token),
    });
    expect(list.statusCode).toBe(403);
  });

  it('keeps one active wallet per coin when administrators set keys at the same moment', async () => {
    const keys = [TEST_WALLET.bitcoinMainnetZpub, TEST_WALLET.bitcoinMainnetXpub];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        setWallet('btc', { xpub: keys[index % 2], confirmations: 2 + index }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const active = await t.db.execute(
      sql`select xpub from chain_wallets where coin = 'btc' and retired_at is null`,
    );
    expect(active.rows).toHaveLength(1);
  });

  it('saves a key with its audit entry and lists it with the first addresses', async () => {
    const response = await setWallet('eth', { xpub: TEST_WALLET.ethereumXpub, confirmations: 12 });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.walletSaved);
    expect(response.json().data.addresses[0]).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/wallets',
      headers: bearer(adminToken),
    });
    const eth = list.json().data.find((wallet: { coin: string }) => wallet.coin === 'eth');
    expect(eth).toMatchObject({ xpub: TEST_WALLET.ethereumXpub, confirmations: 12, highestIndex: null });
    const audit = await t.db.execute(sql`select 1 from audit_log where action = 'wallet.set'`);
    expect(audit.rows.length).toBeGreaterThan(0);
  });
});

describe('deposit addresses', () => {
  it('answers 404 for a coin without a wallet; the proof-of-payment deposit is unchanged', async () => {
    const person = await signUpAndLogin(t.app);
    const response = await depositAddress(person.token, 'usdt');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.noWalletForCoin);
    expect((await requestDeposit(t.app, person.token, '100', 'usdt')).statusCode).toBe(200);
  });

  it('gives each user their own address, the same one on every visit, with its QR code', async () => {
    const first = await signUpAndLogin(t.app);
    const second = await signUpAndLogin(t.app);
    const a = await depositAddress(first.token, 'eth');
    const again = await depositAddress(first.token, 'eth');
    const b = await depositAddress(second.token, 'eth');
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({ coin: 'eth', confirmations: 12 });
    expect(a.json().data.qr).toMatch(/^data:image\/png;base64,/);
    expect(again.json().data.address).toBe(a.json().data.address);
    expect(b.json().data.address).not.toBe(a.json().data.address);
  });

  it('hands out one index for parallel first requests, and never the same index to two users', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => signUpAndLogin(t.app)));
    const answers = await Promise.all(
      people.flatMap((person) => Array.from({ length: 3 }, () => depositAddress(person.token, 'eth'))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const byPerson = people.map(
      (_, index) => new Set(answers.slice(index * 3, index * 3 + 3).map((a) => a.json().data.address)),
    );
    expect(byPerson.every((addresses) => addresses.size === 1)).toBe(true);
    expect(new Set(byPerson.map((addresses) => [...addresses][0])).size).toBe(4);
    const indexes = await t.db.execute<{ address_index: number }>(
      sql`select address_index from deposit_addresses order by address_index`,
    );
    expect(indexes.rows.map((row) => row.address_index)).toEqual(indexes.rows.map((_, index) => index));
  });

  it('shows the address derived from the key even when the stored one was changed', async () => {
    const person = await signUpAndLogin(t.app);
    const shown = (await depositAddress(person.token, 'eth')).json().data.address;
    await t.db.execute(
      sql`update deposit_addresses set address = '0x000000000000000000000000000000000000dEaD' where user_id = ${person.user._id}`,
    );
    expect((await depositAddress(person.token, 'eth')).json().data.address).toBe(shown);
  });

  it('tells the administrator the highest index handed out', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/wallets',
      headers: bearer(adminToken),
    });
    const eth = list.json().data.find((wallet: { coin: string }) => wallet.coin === 'eth');
    const highest = await t.db.execute<{ highest: number }>(
      sql`select max(address_index) as highest from deposit_addresses`,
    );
    expect(eth.highestIndex).toBe(highest.rows[0]?.highest);
    expect(eth.highestIndex).toBeGreaterThanOrEqual(6);
  });
});
