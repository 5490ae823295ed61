import { MESSAGES } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BitcoinNode, payBitcoin, startBitcoind } from '../../../test/chain-nodes.ts';
import {
  chainConfig,
  chainDepositsOf,
  depositAddressOf,
  manualClock,
  setRate,
  setWallet,
  transfersSettling,
  watcherDeps,
} from '../../../test/chain-watching.ts';
import { balanceOf, ledgerHealth, newestDepositId } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { createBitcoinSource } from './bitcoin-source.ts';
import type { ChainSource } from './chain-source.ts';
import { runChainWatcher } from './chain-watcher.ts';

let node: BitcoinNode;
let t: TestApp;
let adminToken: string;
const clock = manualClock();
const run = () => runChainWatcher(watcherDeps(t.db, createBitcoinSource(node.url), clock));

beforeAll(async () => {
  node = await startBitcoind();
  // Coinbase outputs mature after 100 blocks: the node's wallet can pay from the first one.
  await node.rpc('generate', [101]);
  t = await createTestApp(chainConfig({ bitcoinRpcUrl: node.url }), { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  await setWallet(t.app, adminToken, 'btc', TEST_WALLET.bitcoinRegtestVpub, 3);
  // 50,000.00 USD per BTC.
  await setRate(t.db, 'btc', 5_000_000n, clock.now());
  await run();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('Bitcoin deposits through Bitcoin Core (0.11, regtest)', () => {
  it('detects a payment in the mempool, counts its confirmations and credits it once at the rate', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'btc');
    expect(address).toMatch(/^bcrt1q/);
    const payment = await payBitcoin(node.rpc, address, 150_000n);

    await run();
    let [shown] = await chainDepositsOf(t.app, person.token);
    expect(shown).toMatchObject({
      state: 'detected',
      confirmations: 0,
      requiredConfirmations: 3,
      coinAmount: '0.0015',
    });
    expect(shown?.txUrl).toBe(`https://mempool.space/tx/${payment.txId}`);

    await node.rpc('generate', [1]);
    await run();
    [shown] = await chainDepositsOf(t.app, person.token);
    expect(shown).toMatchObject({ state: 'confirming', confirmations: 1 });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);

    await node.rpc('generate', [2]);
    await run();
    [shown] = await chainDepositsOf(t.app, person.token);
    expect(shown).toMatchObject({ state: 'credited', confirmations: 3, amount: 75, rate: 50_000 });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(75);

    await node.rpc('generate', [1]);
    await run();
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(75);
    expect(await transfersSettling(t.db, `bitcoin:${payment.txId}:0`)).toBe(1);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);

    const notifications = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(person.token),
    });
    expect(notifications.json().data[0].title).toBe('Deposit credited');
    // The next deposit goes to a fresh address.
    expect(await depositAddressOf(t.app, person.token, 'btc')).not.toBe(address);
  });

  it('leaves a chain deposit to the watcher: an administrator cannot approve it', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'btc');
    await payBitcoin(node.rpc, address, 200_000n);
    await run();
    const id = await newestDepositId(t.app, adminToken, person.user._id);
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/approveDeposit/${id}`,
      headers: bearer(adminToken),
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe(MESSAGES.chainDepositNotReviewed);
    await node.rpc('generate', [3]);
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(100);
  });

  it('resumes after a run dies mid-stream without crediting twice', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'btc');
    const payment = await payBitcoin(node.rpc, address, 100_000n);
    await node.rpc('generate', [5]);
    const real = createBitcoinSource(node.url);
    let blocksRead = 0;
    const dying: ChainSource = {
      ...real,
      async readBlock(height, watched) {
        blocksRead += 1;
        if (blocksRead > 3) throw new Error('process killed');
        return real.readBlock(height, watched);
      },
    };
    await expect(runChainWatcher(watcherDeps(t.db, dying, clock))).rejects.toThrow('process killed');
    await run();
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(50);
    expect(await transfersSettling(t.db, `bitcoin:${payment.txId}:0`)).toBe(1);
  });

  it('orphans a payment whose block is reorganised away and double-spent, crediting nothing', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'btc');
    const payment = await payBitcoin(node.rpc, address, 300_000n);
    const [blockHash] = await node.rpc<string[]>('generate', [1]);
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'confirming',
      confirmations: 1,
    });

    // The block leaves the chain; the node forgets the payment and mines a double spend instead.
    await node.rpc('invalidateblock', [blockHash]);
    await node.restartWithEmptyMempool();
    await payment.spendAgain(await node.rpc<string>('getnewaddress'));
    await node.rpc('generate', [4]);
    await run();

    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'orphaned',
      confirmations: 0,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);
    expect(await transfersSettling(t.db, `bitcoin:${payment.txId}:0`)).toBe(0);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });
});
