import {
  formatBaseUnits,
  PAYOUT_MESSAGES,
  type PayoutBatch,
  payoutBatchNodeRefusedMessage,
  payoutBatchNotEnoughFundsMessage,
} from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  batchInputSpends,
  changeAddressAt,
  estimateFeeRate,
  NotEnoughFunds,
  planPayoutBatch,
  readSignedTransaction,
  scriptHexOf,
  sendBitcoinTransaction,
  spendableBitcoinOutputs,
  UnreadableTransaction,
  UnsignedInputs,
} from '../chain/bitcoin-payouts.ts';
import { activeWalletKey, explorerUrl } from '../chain/chain.service.ts';
import { parseAccountKey } from '../chain/chain-keys.ts';
import { bitcoinReserveAddresses } from '../liabilities/reserves.service.ts';
import type { Actor } from '../sessions/actor.ts';
import {
  insertBatch,
  listBatchInputs,
  listBatchWithdrawals,
  listConfirmedChange,
  listLiveBatches,
  listLockedOutpoints,
  lockBatch,
  lockBatchCreation,
  lockWithdrawals,
  nextChangeIndex,
  type PayoutBatchRow,
  unlockBatchInputs,
  updateBatch,
} from './payout-batches.repo.ts';
import { payWithdrawal, releasePayout } from './payouts.service.ts';
import { updateWithdrawal, type WithdrawalRow } from './withdrawals.repo.ts';

/** `db` is the pool: following the chain takes connections of its own beside the request's transaction. */
type BatchDeps = { db: Database; actor: Actor; now: Date; config: ChainConfig };

async function toPayoutBatches(
  db: Executor,
  config: ChainConfig,
  rows: PayoutBatchRow[],
): Promise<PayoutBatch[]> {
  const ids = rows.map((row) => row.id);
  const [inputs, paid] = await Promise.all([
    listBatchInputs(db, { batchIds: ids }),
    listBatchWithdrawals(db, { batchIds: ids }),
  ]);
  return rows.map((row) => {
    const batchWithdrawals = paid.filter(({ withdrawal }) => withdrawal.payoutBatchId === row.id);
    return {
      id: row.id,
      state: row.state,
      txid: row.txid,
      txUrl: explorerUrl(config, { chain: 'bitcoin', txId: row.txid }),
      psbt: row.psbt,
      feeRateSatPerVbyte: row.feeRateSatPerVbyte,
      feeBaseUnits: row.feeBaseUnits.toString(),
      changeAddress: row.changeAddress,
      changeBaseUnits: row.changeBaseUnits.toString(),
      inputs: inputs
        .filter((input) => input.batchId === row.id)
        .map((input) => ({
          txid: input.txid,
          vout: input.vout,
          address: input.address,
          amountBaseUnits: input.amountBaseUnits.toString(),
        })),
      withdrawals: batchWithdrawals.map(({ withdrawal, fullName }) => ({
        id: withdrawal.id,
        fullName,
        address: withdrawal.address,
        amountBaseUnits: withdrawal.coinAmountBaseUnits ?? '0',
      })),
      nodeAnswer: row.nodeAnswer,
      confirmations: row.confirmations,
      requiredConfirmations: requiredConfirmationsOf(batchWithdrawals.map(({ withdrawal }) => withdrawal)),
      createdAt: row.createdAt.toISOString(),
      broadcastAt: row.broadcastAt?.toISOString() ?? null,
    };
  });
}

/** A batch is paid when the last of its withdrawals' confirmations is reached. */
const requiredConfirmationsOf = (withdrawals: WithdrawalRow[]) =>
  Math.max(0, ...withdrawals.map((withdrawal) => withdrawal.requiredConfirmations ?? 0));

/** The console's list: open and on-chain batches, and the node's fee rate to start from. */
export async function getPayoutBatches(db: Database, config: ChainConfig) {
  const [rows, feeRateEstimate] = await Promise.all([
    listLiveBatches(db),
    config.bitcoinRpcUrl ? estimateFeeRate(config.bitcoinRpcUrl) : Promise.resolve(null),
  ]);
  return { data: await toPayoutBatches(db, config, rows), feeRateEstimate };
}

const isBatchable = (withdrawal: WithdrawalRow) =>
  withdrawal.method === 'btc' &&
  withdrawal.payoutState === 'awaitingPayment' &&
  withdrawal.payoutBatchId === null &&
  withdrawal.coinAmountBaseUnits !== null;

/**
 * One unsigned PSBT paying each chosen withdrawal its coin amount, spending the largest free
 * outputs first; the outputs it spends are locked until it is cancelled or dropped.
 */
export async function createPayoutBatch(
  tx: Transaction,
  { db, actor, now, config }: BatchDeps,
  { withdrawalIds, feeRate }: { withdrawalIds: string[]; feeRate: number },
): Promise<PayoutBatch> {
  if (!config.bitcoinRpcUrl) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutBatchNeedsNode);
  const wallet = await activeWalletKey(tx, 'btc');
  if (!wallet) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutBatchNeedsWallet);
  const ids = [...new Set(withdrawalIds.map((id) => id.toLowerCase()))];
  const chosen = await lockWithdrawals(tx, { ids });
  if (chosen.length !== ids.length || !chosen.every(isBatchable)) {
    throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid);
  }
  await lockBatchCreation(tx);
  const [spendable, locked, changeIndex] = await Promise.all([
    spendableBitcoinOutputs(db, config, {
      xpub: wallet.xpub,
      change: await listConfirmedChange(tx, { xpub: wallet.xpub }),
      reserveAddresses: await bitcoinReserveAddresses(tx),
    }),
    listLockedOutpoints(tx),
    nextChangeIndex(tx, { xpub: wallet.xpub }),
  ]);
  const free = spendable.outputs.filter((output) => !locked.has(`${output.txid}:${output.vout}`));
  const account = parseAccountKey('btc', wallet.xpub, config.bitcoinNetwork);
  const changeAddress = changeAddressAt(account, changeIndex, config.bitcoinNetwork);
  let plan: ReturnType<typeof planPayoutBatch>;
  try {
    plan = planPayoutBatch({
      spendable: free,
      outputs: chosen.map((withdrawal) => ({
        address: withdrawal.address,
        amountBaseUnits: BigInt(withdrawal.coinAmountBaseUnits ?? '0'),
      })),
      change: { address: changeAddress },
      feeRate,
      network: config.bitcoinNetwork,
    });
  } catch (error) {
    if (error instanceof NotEnoughFunds) {
      throw new AppError(
        'CONFLICT',
        payoutBatchNotEnoughFundsMessage(formatBaseUnits(error.availableBaseUnits.toString(), 'btc')),
      );
    }
    throw error;
  }
  const hasChange = plan.changeBaseUnits > 0n;
  const batch = await insertBatch(
    tx,
    {
      txid: plan.txid,
      psbt: plan.psbt,
      feeRateSatPerVbyte: feeRate,
      feeBaseUnits: plan.feeBaseUnits,
      changeIndex: hasChange ? changeIndex : null,
      changeAddress: hasChange ? changeAddress : null,
      changeBaseUnits: plan.changeBaseUnits,
      walletXpub: wallet.xpub,
      createdBy: actor.user.id,
      createdAt: now,
    },
    plan.inputs.map((input) => ({
      txid: input.txid,
      vout: input.vout,
      address: input.address,
      scriptHex: input.scriptHex,
      amountBaseUnits: input.amountBaseUnits,
    })),
  );
  for (const withdrawal of chosen) await updateWithdrawal(tx, withdrawal.id, { payoutBatchId: batch.id });
  await recordAudit(tx, actor, {
    action: 'payoutBatch.create',
    targetType: 'payoutBatch',
    targetId: batch.id,
    before: null,
    after: {
      txid: plan.txid,
      withdrawals: chosen.map((withdrawal) => withdrawal.id),
      feeRate,
      feeBaseUnits: plan.feeBaseUnits.toString(),
    },
  });
  const [shown] = await toPayoutBatches(tx, config, [batch]);
  if (!shown) throw new Error('a batch just created was not read back');
  return shown;
}

async function lockOpenBatch(tx: Transaction, id: string): Promise<PayoutBatchRow> {
  const batch = await lockBatch(tx, { id });
  if (!batch) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.payoutBatchNotFound);
  if (batch.state !== 'open') throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutBatchNotOpen);
  return batch;
}

/** Gives up an open batch before anyone relays it: its withdrawals wait again and its outputs are free. */
export async function cancelPayoutBatch(
  tx: Transaction,
  { actor, now }: BatchDeps,
  id: string,
): Promise<void> {
  const batch = await lockOpenBatch(tx, id);
  await closeBatch(tx, batch, { state: 'cancelled', now });
  await recordAudit(tx, actor, {
    action: 'payoutBatch.cancel',
    targetType: 'payoutBatch',
    targetId: id,
    before: { state: 'open' },
    after: { state: 'cancelled' },
  });
}

async function closeBatch(
  tx: Transaction,
  batch: PayoutBatchRow,
  { state, now }: { state: 'cancelled' | 'dropped'; now: Date },
): Promise<WithdrawalRow[]> {
  const withdrawals = (await listBatchWithdrawals(tx, { batchIds: [batch.id] })).map((row) => row.withdrawal);
  for (const withdrawal of withdrawals) await updateWithdrawal(tx, withdrawal.id, { payoutBatchId: null });
  await unlockBatchInputs(tx, { batchId: batch.id });
  await updateBatch(tx, batch.id, { state, closedAt: now });
  return withdrawals;
}

/**
 * Takes the signed batch only if it is the batch's transaction exactly: the same inputs, the same
 * outputs to the same addresses, nothing else. Then hands it to the node and marks its withdrawals
 * broadcast; the batch's row lock makes two uploads at once broadcast it once.
 */
export async function submitSignedBatch(
  tx: Transaction,
  { actor, now, config }: BatchDeps,
  id: string,
  { signed }: { signed: string },
): Promise<string> {
  const batch = await lockOpenBatch(tx, id);
  let transaction: ReturnType<typeof readSignedTransaction>;
  try {
    transaction = readSignedTransaction(signed);
  } catch (error) {
    if (error instanceof UnreadableTransaction)
      throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchUnreadable);
    if (error instanceof UnsignedInputs)
      throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchUnsigned);
    throw error;
  }
  const inputs = await listBatchInputs(tx, { batchIds: [id] });
  const own = new Set(inputs.map((input) => `${input.txid}:${input.vout}`));
  const spent = new Set(transaction.inputs.map((input) => `${input.txid}:${input.vout}`));
  const foreign = [...spent].filter((outpoint) => !own.has(outpoint));
  if (foreign.length > 0) {
    const locked = await listLockedOutpoints(tx);
    const message = foreign.some((outpoint) => locked.has(outpoint))
      ? PAYOUT_MESSAGES.payoutBatchSpendsOtherBatch
      : PAYOUT_MESSAGES.payoutBatchOtherInputs;
    throw new AppError('BAD_REQUEST', message);
  }
  if (spent.size !== own.size) throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchOtherInputs);

  const withdrawals = (await listBatchWithdrawals(tx, { batchIds: [id] })).map((row) => row.withdrawal);
  const expected = withdrawals.map((withdrawal) => ({
    scriptHex: scriptHexOf(withdrawal.address, config.bitcoinNetwork),
    amountBaseUnits: BigInt(withdrawal.coinAmountBaseUnits ?? '0'),
  }));
  if (batch.changeAddress) {
    expected.push({
      scriptHex: scriptHexOf(batch.changeAddress, config.bitcoinNetwork),
      amountBaseUnits: batch.changeBaseUnits,
    });
  }
  if (transaction.outputs.length > expected.length) {
    throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchExtraOutput);
  }
  const isSame = (a: (typeof expected)[number], b: (typeof expected)[number]) =>
    a.scriptHex === b.scriptHex && a.amountBaseUnits === b.amountBaseUnits;
  if (
    expected.some(
      (output, position) => !transaction.outputs[position] || !isSame(output, transaction.outputs[position]),
    )
  ) {
    throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchChangedOutput);
  }
  if (transaction.txid !== batch.txid) throw new AppError('BAD_REQUEST', PAYOUT_MESSAGES.payoutBatchDiffers);

  const nodeAnswer = config.bitcoinRpcUrl
    ? await sendBitcoinTransaction(config.bitcoinRpcUrl, transaction.rawHex)
    : null;
  await updateBatch(tx, id, { state: 'broadcast', broadcastAt: now, nodeAnswer, confirmations: 0 });
  for (const [vout, withdrawal] of withdrawals.entries()) {
    await updateWithdrawal(tx, withdrawal.id, {
      payoutState: 'broadcast',
      payoutVerified: true,
      payoutTxHash: batch.txid,
      payoutSettlementKey: `bitcoin:${batch.txid}:${vout}`,
      payoutConfirmations: 0,
    });
  }
  await recordAudit(tx, actor, {
    action: 'payoutBatch.broadcast',
    targetType: 'payoutBatch',
    targetId: id,
    before: { state: 'open' },
    after: { state: 'broadcast', txid: batch.txid, nodeAnswer },
  });
  return nodeAnswer === null
    ? PAYOUT_MESSAGES.payoutBatchBroadcast
    : payoutBatchNodeRefusedMessage(nodeAnswer);
}

/**
 * One pass over the batches on chain: paid when the follower sees every input spent by the batch's
 * transaction deep enough; dropped, its withdrawals waiting again, when another transaction spent
 * one of them. Each read from the chain first, then applied under the batch's lock if it is still
 * on chain.
 */
export async function followBitcoinBatches({
  db,
  config,
  clock,
}: {
  db: Database;
  config: ChainConfig;
  clock: Clock;
}): Promise<void> {
  for (const seen of await listLiveBatches(db, { state: 'broadcast' })) {
    const inputs = await listBatchInputs(db, { batchIds: [seen.id] });
    const spends = await batchInputSpends(db, config, { txid: seen.txid, inputs });
    if (spends.state === 'unspent') continue;
    await runInTransaction(db, async (tx) => {
      const batch = await lockBatch(tx, { id: seen.id });
      if (batch?.state !== 'broadcast') return;
      const now = clock.now();
      if (spends.state === 'spentElsewhere') {
        for (const withdrawal of await closeBatch(tx, batch, { state: 'dropped', now })) {
          await releasePayout(tx, withdrawal, 'was replaced on chain by another transaction');
        }
        return;
      }
      const confirmations = Math.max(0, spends.tipHeight - spends.height + 1);
      await updateBatch(tx, batch.id, { blockHeight: spends.height, confirmations });
      const withdrawals = (await listBatchWithdrawals(tx, { batchIds: [batch.id] })).map(
        (row) => row.withdrawal,
      );
      const required = requiredConfirmationsOf(withdrawals);
      for (const withdrawal of withdrawals) {
        const updated = await updateWithdrawal(tx, withdrawal.id, {
          payoutBlockHeight: spends.height,
          payoutConfirmations: confirmations,
        });
        if (confirmations >= required && updated.payoutState === 'broadcast') {
          await payWithdrawal(tx, updated, { actorId: null, now, config });
        }
      }
      if (confirmations >= required) await updateBatch(tx, batch.id, { state: 'confirmed', closedAt: now });
    });
  }
}
