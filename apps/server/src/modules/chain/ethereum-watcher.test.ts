import { WEBHOOK_PAYLOAD_SCHEMAS } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNode, startAnvil } from '../../../test/chain-nodes.ts';
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
import { balanceOf, ledgerHealth } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { deployTestUsdt, mineBlocks, payEther, payUsdt } from '../../../test/test-usdt.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { HOUR_MS } from '../../lib/time.ts';
import type { ChainSource } from './chain-source.ts';
import { runChainWatcher, runChainWatcherAsLeader, startChainWatchers } from './chain-watcher.ts';
import { createEthereumSource } from './ethereum-source.ts';

let node: RunningNode;
let usdt: string;
let t: TestApp;
let adminToken: string;
const clock = manualClock();
const source = () => createEthereumSource(node.url, usdt);
const run = (app: TestApp = t, from: ChainSource = source()) =>
  runChainWatcher(watcherDeps(app.db, from, clock));

beforeAll(async () => {
  node = await startAnvil();
  usdt = await deployTestUsdt(node.rpc);
  t = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  await setWallet(t.app, adminToken, 'eth', TEST_WALLET.ethereumXpub, 3);
  await setWallet(t.app, adminToken, 'usdt', TEST_WALLET.ethereumXpub, 3);
  // 3,000.00 USD per ETH.
  await setRate(t.db, 'eth', 300_000n, clock.now());
  await run();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const ONE_ETHER = 10n ** 18n;

describe('Ethereum and USDT deposits through an Ethereum node (anvil)', () => {
  it('credits ether sent to a user address once, after its confirmations, at the rate', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'eth');
    const txHash = await payEther(node.rpc, address, ONE_ETHER / 20n);
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'confirming',
      confirmations: 1,
      coinAmount: '0.05',
      txId: txHash,
    });
    await mineBlocks(node.rpc, 2);
    await run();
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'credited',
      amount: 150,
      rate: 3000,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(150);
    expect(await transfersSettling(t.db, `ethereum:${txHash}:native`)).toBe(1);
  });

  it('credits USDT one dollar per token, to the same address as ETH, flagged when below the minimum', async () => {
    const person = await signUpAndLogin(t.app);
    const ethAddress = await depositAddressOf(t.app, person.token, 'eth');
    const address = await depositAddressOf(t.app, person.token, 'usdt');
    expect(address).toBe(ethAddress);
    const big = await payUsdt(node.rpc, usdt, address, 120_500_000n);
    const small = await payUsdt(node.rpc, usdt, address, 25_000_000n);
    await mineBlocks(node.rpc, 3);
    await run();
    const shown = await chainDepositsOf(t.app, person.token);
    const byAmount = shown.toSorted((a, b) => a.amount - b.amount);
    expect(byAmount.map((payment) => [payment.state, payment.amount, payment.coinAmount])).toEqual([
      ['credited', 25, '25'],
      ['credited', 120.5, '120.5'],
    ]);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(145.5);
    const flagged = await t.db.execute<{ is_below_minimum: boolean; tx_id: string }>(
      sql`select is_below_minimum, tx_id from chain_payments where user_id = ${person.user._id} order by usd_cents`,
    );
    expect(flagged.rows).toEqual([
      { is_below_minimum: true, tx_id: small },
      { is_below_minimum: false, tx_id: big },
    ]);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('holds a confirmed ETH payment at confirming while the rate is stale, tells the admins once, then credits it', async () => {
    await setRate(t.db, 'eth', 300_000n, new Date(clock.now().getTime() - 25 * HOUR_MS));
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'eth');
    await payEther(node.rpc, address, ONE_ETHER / 10n);
    await mineBlocks(node.rpc, 3);
    await run();
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'confirming',
      confirmations: 4,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);
    const alerts = await t.app.inject({ url: '/api/user/notifications', headers: bearer(adminToken) });
    const waiting = alerts
      .json()
      .data.filter((item: { title: string }) => item.title.includes('waits for a current rate'));
    expect(waiting).toHaveLength(1);
    const wallets = await t.app.inject({ url: '/api/admin/wallets', headers: bearer(adminToken) });
    expect(wallets.json().data.find((wallet: { coin: string }) => wallet.coin === 'eth').waitingForRate).toBe(
      1,
    );

    await setRate(t.db, 'eth', 250_000n, clock.now());
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'credited',
      amount: 250,
      rate: 2500,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(250);
  });

  it('orphans a payment whose blocks are reorganised away before its confirmations, crediting nothing', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'eth');
    const snapshot = await node.rpc<string>('evm_snapshot');
    const txHash = await payEther(node.rpc, address, ONE_ETHER);
    const signed = await node.rpc<string>('eth_getRawTransactionByHash', [txHash]);
    await mineBlocks(node.rpc, 1);
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'confirming',
      confirmations: 2,
    });

    await node.rpc('evm_revert', [snapshot]);
    // One block later the payment is out of its block but may still be mined again: not given up yet.
    await mineBlocks(node.rpc, 1);
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'detected',
      confirmations: 0,
    });
    await mineBlocks(node.rpc, 3);
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'orphaned',
      txId: txHash,
    });
    await mineBlocks(node.rpc, 3);
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);
    expect(await transfersSettling(t.db, `ethereum:${txHash}:native`)).toBe(0);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);

    // The same signed transaction is mined after all: the payment confirms and is credited, once.
    expect(await node.rpc<string>('eth_sendRawTransaction', [signed])).toBe(txHash);
    await mineBlocks(node.rpc, 3);
    await run();
    await run();
    expect((await chainDepositsOf(t.app, person.token))[0]).toMatchObject({
      state: 'credited',
      amount: 2500,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(2500);
    expect(await transfersSettling(t.db, `ethereum:${txHash}:native`)).toBe(1);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('resumes after a run dies mid-stream, and reading blocks again never credits twice', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'usdt');
    const txHash = await payUsdt(node.rpc, usdt, address, 80_000_000n);
    await mineBlocks(node.rpc, 6);
    // The process dies after reading two of the new blocks.
    let blocksRead = 0;
    const real = source();
    const dying: ChainSource = {
      ...real,
      async readBlock(height, watched) {
        blocksRead += 1;
        if (blocksRead > 2) throw new Error('process killed');
        return real.readBlock(height, watched);
      },
    };
    await expect(run(t, dying)).rejects.toThrow('process killed');
    // Another server process on the same database takes over.
    const second = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), {
      clock,
      sharedWith: t,
    });
    try {
      await run(second);
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(80);
      // A cursor taken back (a restored backup, a lost write) reads the same blocks again.
      await t.db.execute(sql`delete from chain_cursors where chain = 'ethereum'`);
      await run(second);
      await run();
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(80);
      expect(await transfersSettling(t.db, `ethereum:${txHash}:0`)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('runs one watcher between two server processes on one PostgreSQL', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'eth');
    const txHash = await payEther(node.rpc, address, ONE_ETHER / 100n);
    await mineBlocks(node.rpc, 3);
    const second = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), {
      clock,
      sharedWith: t,
    });
    try {
      let running = 0;
      let mostAtOnce = 0;
      const slow = (): ChainSource => {
        const real = source();
        return {
          ...real,
          async tipHeight() {
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await new Promise((resolve) => setTimeout(resolve, 300));
            running -= 1;
            return real.tipHeight();
          },
        };
      };
      const runs = await Promise.all(
        [t, second, t, second].map((app) => runChainWatcherAsLeader(watcherDeps(app.db, slow(), clock))),
      );
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(mostAtOnce).toBe(1);
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(25);
      expect(await transfersSettling(t.db, `ethereum:${txHash}:native`)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('credits once while two server processes each run the scheduled watchers', async () => {
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'usdt');
    const second = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), {
      clock,
      sharedWith: t,
    });
    const chain = { ...t.config.chain, ethereumRpcUrl: node.url, usdtContract: usdt, pollIntervalMs: 100 };
    const quiet = { warn: () => {}, error: () => {} };
    const stops = [t, second].map((app) =>
      startChainWatchers(app.db, { chain, minDepositCents: 5_000n }, clock, quiet),
    );
    try {
      const txHash = await payUsdt(node.rpc, usdt, address, 64_000_000n);
      await mineBlocks(node.rpc, 3);
      await expect.poll(() => balanceOf(t.app, person.token, person.user._id), { timeout: 20_000 }).toBe(64);
      // The watchers go on past the credit, reading the new blocks, and credit nothing more.
      await mineBlocks(node.rpc, 2);
      const tip = Number(BigInt(await node.rpc<string>('eth_blockNumber')));
      await expect
        .poll(async () => {
          const cursor = await t.db.execute<{ height: string }>(
            sql`select height::text from chain_cursors where chain = 'ethereum'`,
          );
          return Number(cursor.rows[0]?.height);
        })
        .toBe(tip);
      expect(await transfersSettling(t.db, `ethereum:${txHash}:0`)).toBe(1);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await second.close();
    }
  });

  it('writes deposit.detected, confirmed and credited once each, through a wait for a rate and blocks read again', async () => {
    const endpoint = await t.db.execute<{ id: string }>(
      sql`insert into webhook_endpoints (url, event_types, secret)
          values ('https://hooks.invalid/deposits',
                  array['deposit.detected', 'deposit.confirmed', 'deposit.credited'],
                  'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
          returning id`,
    );
    const person = await signUpAndLogin(t.app);
    const address = await depositAddressOf(t.app, person.token, 'eth');
    // Confirmed while the rate is stale: held at confirming over two runs before it is credited.
    await setRate(t.db, 'eth', 300_000n, new Date(clock.now().getTime() - 25 * HOUR_MS));
    const txHash = await payEther(node.rpc, address, ONE_ETHER / 50n);
    await run();
    await mineBlocks(node.rpc, 2);
    await run();
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(0);
    await setRate(t.db, 'eth', 300_000n, clock.now());
    await run();
    // A cursor taken back reads the same blocks again.
    await t.db.execute(sql`delete from chain_cursors where chain = 'ethereum'`);
    await run();
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(60);

    const events = await t.db.execute<{ type: string; payload: unknown; endpoint_ids: string[] }>(
      sql`select e.type, e.payload, array_agg(d.endpoint_id::text) as endpoint_ids
            from webhook_events e join webhook_deliveries d on d.event_id = e.id
           where e.payload->>'userId' = ${person.user._id}
           group by e.id`,
    );
    expect(events.rows.map((row) => row.type).sort()).toEqual([
      'deposit.confirmed',
      'deposit.credited',
      'deposit.detected',
    ]);
    for (const row of events.rows) expect(row.endpoint_ids).toEqual([endpoint.rows[0]?.id]);
    const credited = events.rows.find((row) => row.type === 'deposit.credited');
    expect(WEBHOOK_PAYLOAD_SCHEMAS['deposit.credited'].parse(credited?.payload)).toMatchObject({
      userId: person.user._id,
      method: 'eth',
      amount: 60,
      status: 'approved',
      txHash,
    });
    const detected = events.rows.find((row) => row.type === 'deposit.detected');
    expect(WEBHOOK_PAYLOAD_SCHEMAS['deposit.detected'].parse(detected?.payload)).toMatchObject({
      status: 'pending',
      txHash,
    });
    await t.db.execute(sql`delete from webhook_endpoints where id = ${endpoint.rows[0]?.id}`);
  });
});
