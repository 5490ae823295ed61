import {
  COIN_SYMBOLS,
  type Coin,
  formatBaseUnits,
  formatCoinConversion,
  formatUsd,
  MESSAGES,
  PAYOUT_MESSAGES,
  payoutTooLittleMessage,
  type UnsignedTransaction,
  type WithdrawalPayout,
} from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isEthereumAddress } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation, runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { explorerUrl } from '../chain/chain.service.ts';
import { readUsdRate } from '../chain/chain-rates.ts';
import {
  type ChainTransfer,
  createEthereumPayouts,
  type EthereumPayouts,
  isEthereumCoin,
  type PayoutTransaction,
} from '../chain/ethereum-payouts.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { isEthereumReserveAddress } from '../liabilities/reserves.service.ts';
import { notify, notifyAndMail } from '../notifications/notifications.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { withdrawalEventData } from '../webhooks/webhook-payloads.ts';
import {
  findWithdrawalByPayoutKey,
  getWithdrawal,
  listBroadcastWithdrawals,
  listWithdrawalsByIds,
  lockWithdrawal,
  updateWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repo.ts';

/** USDT is paid one token per dollar: 10^6 micro-units for 100 cents. */
const USDT_CENTS_PER_COIN = 100n;

/**
 * Whether Vestora reads a withdrawal's payout from a node: Bitcoin (paid in PSBT batches) while
 * BITCOIN_RPC_URL is set, ETH and USDT to an Ethereum address while ETHEREUM_RPC_URL is (a USDT
 * withdrawal to a TRON address is paid on a chain no node here reads).
 */
export function isPayoutCheckedOnChain(
  { method, address }: Pick<WithdrawalRow, 'method' | 'address'>,
  config: ChainConfig,
): boolean {
  if (method === 'btc') return config.bitcoinRpcUrl !== undefined;
  return isEthereumAddress(address) && config.ethereumRpcUrl !== undefined;
}

/** The operator's node, for the routes and the follower; absent without ETHEREUM_RPC_URL. */
export function ethereumPayoutsOf(config: ChainConfig): EthereumPayouts | undefined {
  return config.ethereumRpcUrl
    ? createEthereumPayouts(config.ethereumRpcUrl, config.usdtContract)
    : undefined;
}

/**
 * The coin's USD price to fix a payout at: USDT one dollar, BTC and ETH the operator's rate while it
 * is younger than RATE_MAX_AGE_HOURS; null otherwise.
 */
export async function payoutRate(
  tx: Transaction,
  coin: Coin,
  { now, rateMaxAgeMs }: { now: Date; rateMaxAgeMs: number },
): Promise<bigint | null> {
  if (coin === 'usdt') return USDT_CENTS_PER_COIN;
  const rate = await readUsdRate(tx, coin);
  if (!rate || now.getTime() - rate.setAt.getTime() > rateMaxAgeMs) return null;
  return rate.usdCents;
}

/** "0.5 ETH at $2,400.00 per ETH": the coin amount and rate a withdrawal was fixed at. */
export const conversionText = (
  row: Pick<WithdrawalRow, 'method' | 'coinAmountBaseUnits' | 'usdCentsPerCoin'>,
) => formatCoinConversion(row.coinAmountBaseUnits, row.usdCentsPerCoin?.toString() ?? null, row.method);

const chainOf = (coin: Coin) => (coin === 'btc' ? 'bitcoin' : 'ethereum');

/** What the user and the console see of an approved withdrawal's payout. */
export function payoutOf(row: WithdrawalRow, config: ChainConfig): WithdrawalPayout | null {
  if (row.payoutState === null) return null;
  const txId = row.payoutTxHash;
  return {
    state: row.payoutState,
    isVerified: row.payoutVerified,
    txId,
    txUrl: row.payoutVerified && txId ? explorerUrl(config, { chain: chainOf(row.method), txId }) : null,
    confirmations: row.payoutConfirmations,
    requiredConfirmations: row.requiredConfirmations,
    coinAmountBaseUnits: row.coinAmountBaseUnits,
    usdCentsPerCoin: row.usdCentsPerCoin?.toString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The payouts of these withdrawals that were approved, by id: what History shows beside them. */
export async function payoutsOfWithdrawals(
  db: Executor,
  config: ChainConfig,
  ids: string[],
): Promise<Map<string, WithdrawalPayout>> {
  const payouts = new Map<string, WithdrawalPayout>();
  for (const row of await listWithdrawalsByIds(db, { ids })) {
    const payout = payoutOf(row, config);
    if (payout) payouts.set(row.id, payout);
  }
  return payouts;
}

/**
 * Moves the held amount out of the platform and tells the user: the one place a withdrawal becomes
 * paid, on a staff member's word (unverified) or when its transaction has its confirmations.
 */
export async function payWithdrawal(
  tx: Transaction,
  withdrawal: WithdrawalRow,
  { actorId, now, config }: { actorId: string | null; now: Date; config: ChainConfig },
): Promise<WithdrawalRow> {
  await postTransfers(tx, [
    {
      from: { userId: withdrawal.userId, kind: 'withdrawal_hold' },
      to: { platform: 'withdrawals' },
      amountCents: withdrawal.amountCents,
      kind: 'withdrawal_payout',
      reference: { type: 'withdrawal', id: withdrawal.id },
      settlementKey: `withdrawal:${withdrawal.id}:settle`,
      actorId: actorId ?? withdrawal.decidedBy,
    },
  ]);
  const paid = await updateWithdrawal(tx, withdrawal.id, { payoutState: 'paid', paidAt: now });
  await emitWebhookEvent(tx, { type: 'withdrawal.paid', data: withdrawalEventData(paid) });
  const txId = paid.payoutTxHash;
  const conversion = conversionText(paid);
  const more = paid.payoutVerified
    ? [`Transaction: ${txId}`, explorerUrl(config, { chain: chainOf(paid.method), txId: txId ?? '' })]
    : txId
      ? [`Payout reference: ${txId}`]
      : [];
  await notifyAndMail(
    tx,
    {
      userId: paid.userId,
      kind: 'withdrawal',
      title: 'Withdrawal paid',
      body: `Your withdrawal of ${formatUsd(paid.amountCents)} was paid to ${paid.address}${conversion ? `: ${conversion}` : ''}${paid.payoutVerified ? `, in transaction ${txId}, confirmed ${paid.payoutConfirmations} times.` : '.'}`,
      link: '/user/withdraw',
    },
    { kind: 'withdrawal_approved', more },
  );
  return paid;
}

/** Whether a read transaction holds a payment of this withdrawal, and which, or why not. */
function matchPayment(
  withdrawal: WithdrawalRow,
  read: PayoutTransaction,
): { payment: ChainTransfer; blockHeight: number } {
  if (read.state === 'unknown') throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutTxNotFound);
  if (read.state === 'pending') throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutTxNotMined);
  if (!read.isSuccessful) throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutTxFailed);
  const coin = withdrawal.method;
  if (!isEthereumCoin(coin)) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutNotAwaiting);
  const toAddress = read.transfers[coin].filter(
    (transfer) => transfer.to === withdrawal.address.toLowerCase(),
  );
  if (toAddress.length === 0) throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutWrongAddress);
  const owed = BigInt(withdrawal.coinAmountBaseUnits ?? '0');
  const payment = toAddress.find((transfer) => transfer.amountBaseUnits >= owed);
  if (!payment) {
    let most = 0n;
    for (const transfer of toAddress) if (transfer.amountBaseUnits > most) most = transfer.amountBaseUnits;
    throw new AppError(
      'BAD_REQUEST',
      payoutTooLittleMessage(
        formatBaseUnits(most.toString(), coin),
        formatBaseUnits(owed.toString(), coin),
        COIN_SYMBOLS[coin],
      ),
    );
  }
  return { payment, blockHeight: read.blockHeight };
}

async function readOrUnavailable<Result>(read: () => Promise<Result>): Promise<Result> {
  try {
    return await read();
  } catch {
    throw new AppError('UNAVAILABLE', PAYOUT_MESSAGES.payoutNodeUnreachable);
  }
}

/**
 * Accepts the hash of the transaction staff paid an approved ETH or USDT withdrawal with, once the
 * node shows it mined, successful, paying the withdrawal's address at least its coin amount from a
 * registered reserve address, and paying no other withdrawal. Paid at once when it is already deep
 * enough; otherwise the follower pays it when it is.
 */
export async function submitPayoutTransaction(
  tx: Transaction,
  deps: { actor: Actor; now: Date; config: ChainConfig; payouts: EthereumPayouts | undefined },
  id: string,
  { txHash }: { txHash: string },
): Promise<'paid' | 'broadcast'> {
  const { actor, now, config, payouts } = deps;
  const withdrawal = await lockWithdrawal(tx, { id });
  if (!withdrawal) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  if (withdrawal.payoutState !== 'awaitingPayment' || !payouts || !isEthereumCoin(withdrawal.method)) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutNotAwaiting);
  }
  const [read, tip] = await readOrUnavailable(() =>
    Promise.all([payouts.readTransaction(txHash), payouts.tipHeight()]),
  );
  const { payment, blockHeight } = matchPayment(withdrawal, read);
  if (!(await isEthereumReserveAddress(tx, payment.from))) {
    throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutFromUnregistered);
  }
  if (await findWithdrawalByPayoutKey(tx, { settlementKey: payment.settlementKey })) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutTxUsed);
  }
  const confirmations = Math.max(0, tip - blockHeight + 1);
  let broadcast: WithdrawalRow;
  try {
    broadcast = await updateWithdrawal(tx, id, {
      payoutState: 'broadcast',
      payoutVerified: true,
      payoutTxHash: txHash,
      payoutSettlementKey: payment.settlementKey,
      payoutBlockHeight: blockHeight,
      payoutConfirmations: confirmations,
    });
  } catch (error) {
    // Another withdrawal took the same payment in a transaction that committed meanwhile.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutTxUsed);
    throw error;
  }
  await recordAudit(tx, actor, {
    action: 'withdrawal.payout',
    targetType: 'withdrawal',
    targetId: id,
    before: { payoutState: 'awaitingPayment' },
    after: {
      payoutState: 'broadcast',
      txHash,
      from: payment.from,
      amountBaseUnits: payment.amountBaseUnits.toString(),
      blockHeight,
    },
  });
  if (confirmations >= (broadcast.requiredConfirmations ?? 0)) {
    await payWithdrawal(tx, broadcast, { actorId: actor.user.id, now, config });
    return 'paid';
  }
  return 'broadcast';
}

/** Back to waiting for a payment: its transaction left the chain or failed there. */
export async function releasePayout(tx: Transaction, withdrawal: WithdrawalRow, why: string): Promise<void> {
  await updateWithdrawal(tx, withdrawal.id, {
    payoutState: 'awaitingPayment',
    payoutVerified: false,
    payoutTxHash: null,
    payoutSettlementKey: null,
    payoutBlockHeight: null,
    payoutConfirmations: null,
  });
  await notify(tx, {
    userId: withdrawal.userId,
    kind: 'withdrawal',
    title: 'Withdrawal payment not confirmed',
    body: `The transaction paying your withdrawal of ${formatUsd(withdrawal.amountCents)} ${why}. Your withdrawal stays approved and will be paid again; nothing was paid twice.`,
    link: '/user/withdraw',
  });
}

export interface PayoutFollowerDeps {
  db: Database;
  payouts: EthereumPayouts;
  clock: Clock;
  config: ChainConfig;
  log: { error(details: object, message: string): void };
}

/**
 * One pass over the payouts on chain: each read from the node first, then, under the withdrawal's
 * lock and only if nothing changed it meanwhile, its confirmations counted, paid when deep enough,
 * or released when its transaction is gone from the chain or failed after a reorganisation.
 */
export async function followPayouts(deps: PayoutFollowerDeps): Promise<void> {
  const { db, payouts, clock, config } = deps;
  const open = await listBroadcastWithdrawals(db);
  if (open.length === 0) return;
  const tip = await payouts.tipHeight();
  for (const seen of open) {
    const read = await payouts.readTransaction(seen.payoutTxHash ?? '');
    await runInTransaction(db, async (tx) => {
      const withdrawal = await lockWithdrawal(tx, { id: seen.id });
      if (
        withdrawal?.payoutState !== 'broadcast' ||
        withdrawal.payoutSettlementKey !== seen.payoutSettlementKey
      )
        return;
      if (read.state === 'unknown') return releasePayout(tx, withdrawal, 'is no longer known to the chain');
      if (read.state === 'pending') {
        await updateWithdrawal(tx, withdrawal.id, { payoutBlockHeight: null, payoutConfirmations: 0 });
        return;
      }
      const isStillPaying =
        read.isSuccessful &&
        Object.values(read.transfers)
          .flat()
          .some((transfer) => transfer.settlementKey === withdrawal.payoutSettlementKey);
      if (!isStillPaying) return releasePayout(tx, withdrawal, 'failed on chain after all');
      const confirmations = Math.max(0, tip - read.blockHeight + 1);
      const updated = await updateWithdrawal(tx, withdrawal.id, {
        payoutBlockHeight: read.blockHeight,
        payoutConfirmations: confirmations,
      });
      if (confirmations >= (updated.requiredConfirmations ?? 0)) {
        await payWithdrawal(tx, updated, { actorId: null, now: clock.now(), config });
      }
    });
  }
}

/** The transaction staff can sign to pay an approved ETH or USDT withdrawal, fees from the node. */
export async function unsignedPayout(
  db: Database,
  payouts: EthereumPayouts | undefined,
  id: string,
): Promise<UnsignedTransaction> {
  const withdrawal = await getWithdrawal(db, { id });
  if (!withdrawal) throw new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
  const coin = withdrawal.method;
  if (withdrawal.payoutState !== 'awaitingPayment' || !payouts || !isEthereumCoin(coin)) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutNotAwaiting);
  }
  return readOrUnavailable(() =>
    payouts.unsignedTransfer(coin, withdrawal.address, BigInt(withdrawal.coinAmountBaseUnits ?? '0')),
  );
}
