import { randomBytes } from 'node:crypto';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@vestora/shared';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNode, startAnvil } from '../../../test/chain-nodes.ts';
import {
  chainConfig,
  depositAddressOf,
  setRate,
  setWallet,
  watcherDeps,
} from '../../../test/chain-watching.ts';
import { balanceOf } from '../../../test/money.ts';
import { ADMIN, createTestApp, login, signUpAndLogin } from '../../../test/test-app.ts';
import { deployTestUsdt, mineBlocks, payEther } from '../../../test/test-usdt.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { isSignedWith, startReceiver } from '../../../test/webhook-receiver.ts';
import { killSenderProcess, LOCAL_WEBHOOKS, startSenderProcess } from '../../../test/webhook-sender.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { runChainWatcher } from '../chain/chain-watcher.ts';
import { createEthereumSource } from '../chain/ethereum-source.ts';

const ONE_ETHER = 10n ** 18n;

let node: RunningNode;
let usdt: string;
beforeAll(async () => {
  node = await startAnvil();
  usdt = await deployTestUsdt(node.rpc);
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

describe('a deposit credited on chain, to a webhook endpoint', () => {
  it('is delivered as exactly one deposit.credited, signed, and sent again with the same webhook-id after the sender is killed mid-delivery', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? 'hang' : { status: 200 }));
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    // Its sender looks once at start, before any endpoint exists, and then not for an hour: the
    // child process below is the one that sends.
    const holder = await createTestApp({
      ...chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }),
      webhooks: { ...LOCAL_WEBHOOKS, pollIntervalMs: 3_600_000 },
    });
    const child = await startSenderProcess(holder.databaseUrl);
    try {
      const adminToken = (await login(holder.app, ADMIN.email, ADMIN.password)).token;
      await setWallet(holder.app, adminToken, 'eth', TEST_WALLET.ethereumXpub, 3);
      // 3,000.00 USD per ETH.
      await setRate(holder.db, 'eth', 300_000n, systemClock.now());
      const run = () =>
        runChainWatcher(watcherDeps(holder.db, createEthereumSource(node.url, usdt), systemClock));
      await run();
      const [endpoint] = await holder.db
        .insert(webhookEndpoints)
        .values({ url: receiver.url, eventTypes: ['deposit.credited'], secret })
        .returning();
      if (!endpoint) throw new Error('no endpoint');

      const person = await signUpAndLogin(holder.app);
      const address = await depositAddressOf(holder.app, person.token, 'eth');
      const txHash = await payEther(node.rpc, address, ONE_ETHER / 50n);
      await run();
      await mineBlocks(node.rpc, 2);
      await run();
      expect(await balanceOf(holder.app, person.token, person.user._id)).toBe(60);

      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
      await killSenderProcess(child);
      const stateOf = async () => {
        const [row] = await holder.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id));
        return row && { status: row.status, attempts: row.attempts };
      };
      expect(await stateOf()).toEqual({ status: 'pending', attempts: 0 });

      const restarted = await createTestApp({ webhooks: LOCAL_WEBHOOKS }, { sharedWith: holder });
      try {
        await restarted.app.ready();
        await expect.poll(stateOf, { timeout: 10_000 }).toEqual({ status: 'succeeded', attempts: 1 });
      } finally {
        await restarted.close();
      }

      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received;
      if (!first || !second) throw new Error('two requests were expected');
      expect(second.id).toBe(first.id);
      for (const request of [first, second]) {
        // The documented algorithm, and the Standard Webhooks library.
        expect(isSignedWith(secret, request)).toBe(true);
        const verified = new Webhook(secret).verify(request.body, {
          'webhook-id': request.id,
          'webhook-timestamp': request.timestamp,
          'webhook-signature': request.signature,
        });
        expect(verified).toMatchObject({ type: 'deposit.credited' });
      }
      const body = JSON.parse(second.body);
      expect(body.type).toBe('deposit.credited');
      expect(WEBHOOK_PAYLOAD_SCHEMAS['deposit.credited'].parse(body.data)).toMatchObject({
        userId: person.user._id,
        method: 'eth',
        amount: 60,
        status: 'approved',
        txHash,
      });
      const events = await holder.db.execute<{ count: string }>(
        sql`select count(*) from webhook_events
             where type = 'deposit.credited' and payload->>'userId' = ${person.user._id}`,
      );
      expect(Number(events.rows[0]?.count)).toBe(1);
    } finally {
      await killSenderProcess(child);
      await holder.close();
      await receiver.close();
    }
    // Starting a server in a child process compiles its TypeScript first; anvil and the watcher too.
  }, 120_000);
});
