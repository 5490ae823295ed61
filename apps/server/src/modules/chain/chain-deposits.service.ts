import { type Coin, formatUsd } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { getDeposit, insertDeposit, updateChainDeposit } from '../deposits/deposit-records.service.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { notify, notifyAndMail } from '../notifications/notifications.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { depositEventData } from '../webhooks/webhook-payloads.ts';
import {
  type ChainPaymentRow,
  getPaymentByKey,
  insertPayment,
  listActiveAdminIds,
  lockPayment,
  markAddressPaid,
  updatePayment,
} from './chain.repo.ts';
import type { RateOf } from './chain-rates.ts';
import type { FoundPayment } from './chain-source.ts';

/** How many base units make one coin: satoshi, wei, and USDT's six decimals. */
export const BASE_UNITS_PER_COIN: Record<Coin, bigint> = {
  btc: 100_000_000n,
  eth: 1_000_000_000_000_000_000n,
  usdt: 1_000_000n,
};

export interface CreditDeps {
  clock: Clock;
  rateOf: RateOf;
  rateMaxAgeMs: number;
  minDepositCents: bigint;
}

/** Whose address a payment went to, and how many confirmations its wallet asks for. */
export interface WatchedAddress {
  addressId: string;
  userId: string;
  coin: Coin;
  address: string;
  confirmations: number;
}

/** USD cents of an amount at a rate in cents per whole coin, rounded down: never credit more than arrived. */
function usdCentsOf(coin: Coin, amountBaseUnits: bigint, rateCents: bigint): bigint {
  return (amountBaseUnits * rateCents) / BASE_UNITS_PER_COIN[coin];
}

/** USDT counts one dollar per token; BTC and ETH at the operator's rate, or nothing without one. */
async function valueNow(
  db: Executor,
  deps: CreditDeps,
  coin: Coin,
  amountBaseUnits: bigint,
): Promise<{ rateCents: bigint; usdCents: bigint; isCurrent: boolean } | null> {
  if (coin === 'usdt')
    return { rateCents: 100n, usdCents: usdCentsOf(coin, amountBaseUnits, 100n), isCurrent: true };
  const rate = await deps.rateOf(db, coin);
  if (!rate) return null;
  const isCurrent = deps.clock.now().getTime() - rate.setAt.getTime() <= deps.rateMaxAgeMs;
  return { rateCents: rate.usdCents, usdCents: usdCentsOf(coin, amountBaseUnits, rate.usdCents), isCurrent };
}

/**
 * Records a payment the first time it is seen (with a pending deposit the user sees at once), or
 * places a known one in the block it is now in. Runs in the watcher's transaction for the block.
 */
export async function recordFoundPayment(
  tx: Executor,
  deps: CreditDeps,
  {
    found,
    owner,
    chain,
    block,
  }: {
    found: FoundPayment;
    owner: WatchedAddress;
    chain: 'bitcoin' | 'ethereum';
    block: { height: number; hash: string } | null;
  },
): Promise<void> {
  const known = await getPaymentByKey(tx, { settlementKey: found.settlementKey });
  if (known) {
    if (block && (known.state === 'detected' || known.state === 'confirming')) {
      await updatePayment(tx, {
        id: known.id,
        blockHeight: block.height,
        blockHash: block.hash,
        detachedAtHeight: null,
      });
    } else if (block && known.state === 'orphaned') {
      // Given up, then mined after all: it is the user's money, and it confirms like any payment.
      await updatePayment(tx, {
        id: known.id,
        state: 'confirming',
        blockHeight: block.height,
        blockHash: block.hash,
        detachedAtHeight: null,
      });
      await updateChainDeposit(tx, { id: known.depositId, status: 'pending', decidedAt: null, reason: null });
    }
    return;
  }
  const estimate = await valueNow(tx, deps, found.coin, found.amountBaseUnits);
  const now = deps.clock.now();
  const deposit = await insertDeposit(tx, {
    userId: owner.userId,
    mode: found.coin,
    amountCents: estimate?.usdCents ?? 0n,
    address: owner.address,
    createdAt: now,
  });
  await insertPayment(tx, {
    settlementKey: found.settlementKey,
    chain,
    coin: found.coin,
    txId: found.txId,
    depositId: deposit.id,
    userId: owner.userId,
    addressId: owner.addressId,
    amountBaseUnits: found.amountBaseUnits.toString(),
    blockHeight: block?.height ?? null,
    blockHash: block?.hash ?? null,
    requiredConfirmations: owner.confirmations,
    detectedAt: now,
  });
  await emitWebhookEvent(tx, { type: 'deposit.detected', data: depositEventData(deposit, found.txId) });
}

/**
 * Moves an open payment on: its confirmations counted from the watcher's cursor, and credited once
 * they reach the wallet's threshold. The row lock and the ledger's settlement key make a second
 * credit of the same output impossible, whichever process or retry tries.
 */
export async function advancePayment(
  db: Database,
  deps: CreditDeps,
  { paymentId, cursorHeight }: { paymentId: string; cursorHeight: number },
): Promise<'credited' | 'confirming' | 'held' | 'unchanged'> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment || (payment.state !== 'detected' && payment.state !== 'confirming')) return 'unchanged';
    if (payment.blockHeight === null) return 'unchanged';
    const confirmations = Math.max(0, cursorHeight - payment.blockHeight + 1);
    if (confirmations < payment.requiredConfirmations) {
      await updatePayment(tx, { id: payment.id, confirmations, state: 'confirming' });
      return 'confirming';
    }
    // Once, as it first reaches them: a payment held for a rate comes back here on every run.
    if (payment.confirmations < payment.requiredConfirmations) {
      const deposit = await getDeposit(tx, { id: payment.depositId });
      if (!deposit) throw new Error(`deposit ${payment.depositId} of a chain payment is gone`);
      await emitWebhookEvent(tx, {
        type: 'deposit.confirmed',
        data: depositEventData(deposit, payment.txId),
      });
    }
    const amountBaseUnits = BigInt(payment.amountBaseUnits);
    const value = await valueNow(tx, deps, payment.coin, amountBaseUnits);
    if (!value?.isCurrent || value.usdCents === 0n) {
      await holdPayment(tx, deps, payment, confirmations, value === null ? 'no rate' : 'stale');
      return 'held';
    }
    await creditPayment(tx, deps, payment, { confirmations, ...value });
    return 'credited';
  });
}

async function creditPayment(
  tx: Executor,
  deps: CreditDeps,
  payment: ChainPaymentRow,
  value: { confirmations: number; rateCents: bigint; usdCents: bigint },
): Promise<void> {
  const now = deps.clock.now();
  await postTransfers(tx, [
    {
      from: { platform: 'deposits' },
      to: { userId: payment.userId, kind: 'available' },
      amountCents: value.usdCents,
      kind: 'deposit',
      reference: { type: 'deposit', id: payment.depositId },
      settlementKey: payment.settlementKey,
      reason: `${payment.coin.toUpperCase()} transaction ${payment.txId}`,
    },
  ]);
  const isBelowMinimum = value.usdCents < deps.minDepositCents;
  await updatePayment(tx, {
    id: payment.id,
    state: 'credited',
    confirmations: value.confirmations,
    rateCents: value.rateCents,
    usdCents: value.usdCents,
    isBelowMinimum,
    creditedAt: now,
  });
  const credited = await updateChainDeposit(tx, {
    id: payment.depositId,
    status: 'approved',
    amountCents: value.usdCents,
    decidedAt: now,
    reason: isBelowMinimum
      ? `Below the minimum deposit of ${formatUsd(deps.minDepositCents)}; credited all the same.`
      : null,
  });
  await emitWebhookEvent(tx, { type: 'deposit.credited', data: depositEventData(credited, payment.txId) });
  // The next deposit goes to a fresh address: one address per payment keeps payers apart on chain.
  await markAddressPaid(tx, { id: payment.addressId, at: now });
  await notifyAndMail(
    tx,
    {
      userId: payment.userId,
      kind: 'deposit',
      title: 'Deposit credited',
      body: `Your ${payment.coin.toUpperCase()} deposit of ${formatUsd(value.usdCents)} is confirmed on chain and added to your balance.`,
      link: '/user/history',
    },
    { kind: 'deposit_approved' },
  );
}

/** Confirmed but without a current rate: kept at confirming, and the administrators told once. */
async function holdPayment(
  tx: Executor,
  deps: CreditDeps,
  payment: ChainPaymentRow,
  confirmations: number,
  why: 'no rate' | 'stale',
): Promise<void> {
  await updatePayment(tx, {
    id: payment.id,
    confirmations,
    state: 'confirming',
    rateAlertedAt: payment.rateAlertedAt ?? deps.clock.now(),
  });
  if (payment.rateAlertedAt) return;
  const coin = payment.coin.toUpperCase();
  const admins = await listActiveAdminIds(tx);
  await notify(
    tx,
    ...admins.map((userId) => ({
      userId,
      kind: 'deposit' as const,
      title: `A ${coin} deposit waits for a current rate`,
      body:
        why === 'stale'
          ? `A confirmed ${coin} deposit (transaction ${payment.txId}) is not credited because the ${coin} rate is older than allowed. Set a current rate to credit it.`
          : `A confirmed ${coin} deposit (transaction ${payment.txId}) is not credited because no ${coin} rate is set. Set one to credit it.`,
      link: '/admin/wallets',
    })),
  );
}

/** A payment that left the chain before it was credited: its deposit is declined, nothing moves. */
export async function orphanPayment(
  db: Database,
  deps: { clock: Clock },
  { paymentId }: { paymentId: string },
) {
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, { id: paymentId });
    if (!payment || (payment.state !== 'detected' && payment.state !== 'confirming')) return;
    if (payment.blockHeight !== null) return;
    await updatePayment(tx, { id: payment.id, state: 'orphaned', confirmations: 0 });
    const declined = await updateChainDeposit(tx, {
      id: payment.depositId,
      status: 'rejected',
      decidedAt: deps.clock.now(),
      reason:
        'The transaction left the blockchain before it was confirmed (a reorganisation or a replaced payment).',
    });
    await emitWebhookEvent(tx, { type: 'deposit.declined', data: depositEventData(declined, payment.txId) });
    await notifyAndMail(
      tx,
      {
        userId: payment.userId,
        kind: 'deposit',
        title: 'Deposit not confirmed',
        body: `Your ${payment.coin.toUpperCase()} payment (transaction ${payment.txId}) left the blockchain before it was confirmed, so nothing was credited. If you sent it again, it will show up separately.`,
        link: '/user/history',
      },
      { kind: 'deposit_declined' },
    );
  });
}
