import { base64, hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import { PAYOUT_MESSAGES, type PayoutBatch, type Withdrawal } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mineTransaction, withoutWitness } from '../../../test/bitcoin-blocks.ts';
import { freshRegtestAddress as freshAddress, signWithWallet } from '../../../test/bitcoin-signing.ts';
import { type BitcoinNode, payBitcoin, startBitcoind } from '../../../test/chain-nodes.ts';
import {
  chainConfig,
  depositAddressOf,
  manualClock,
  setRate,
  setWallet,
  watcherDeps,
} from '../../../test/chain-watching.ts';
import { balanceOf, ledgerHealth, saveUsableWithdrawalAddress, verify } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { createBitcoinSource } from '../chain/bitcoin-source.ts';
import { bitcoinNetworkParams } from '../chain/chain-keys.ts';
import { runChainWatcher } from '../chain/chain-watcher.ts';
import { followBitcoinBatches } from './payout-batches.service.ts';

const REGTEST = bitcoinNetworkParams('regtest');
const clock = manualClock(new Date('2026-11-27T09:00:00Z'));
/** 40,000.00 USD per BTC: a withdrawal of 400 USD is owed 0.01 BTC. */
const BTC_RATE_CENTS = 4_000_000n;
const HUNDREDTH_OF_A_BITCOIN = 1_000_000n;

let node: BitcoinNode;
let t: TestApp;
let adminToken: string;

const watch = () => runChainWatcher(watcherDeps(t.db, createBitcoinSource(node.url), clock));
const follow = () => followBitcoinBatches({ db: t.db, config: t.config.chain, clock });

const signed = (psbt: string) => base64.encode(signWithWallet(psbt).toPSBT());

/** A depositor who paid 0.02 BTC to their own deposit address, credited: outputs for batches to spend. */
async function fundedDepositor() {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  const address = await depositAddressOf(t.app, person.token, 'btc');
  await payBitcoin(node.rpc, address, 2n * HUNDREDTH_OF_A_BITCOIN);
  await node.rpc('generate', [2]);
  await setRate(t.db, 'btc', BTC_RATE_CENTS, clock.now());
  await watch();
  return person;
}

/** A depositor withdrawing `amount` USD to an address of their own, approved: 0.01 BTC per 400 USD. */
async function approvedWithdrawal(amount = 400) {
  const person = await fundedDepositor();
  const address = freshAddress();
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin: 'btc',
    address,
    password: person.input.password,
  });
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(person.token),
    payload: { amount, method: 'btc', address },
  });
  expect(requested.statusCode).toBe(201);
  const id = (requested.json().data as Withdrawal)._id;
  await setRate(t.db, 'btc', BTC_RATE_CENTS, clock.now());
  const approved = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveWithdrawal/${id}`,
    headers: bearer(adminToken),
    payload: {},
  });
  expect(approved.json().message).toBe(PAYOUT_MESSAGES.withdrawalApprovedAwaitingPayment);
  return { ...person, address, id };
}

async function createBatch(withdrawalIds: string[], feeRate = 2) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/payout-batches',
    headers: bearer(adminToken),
    payload: { withdrawalIds, feeRate },
  });
}

async function newBatch(withdrawalIds: string[]): Promise<PayoutBatch> {
  const response = await createBatch(withdrawalIds);
  expect(response.statusCode).toBe(201);
  return response.json().data as PayoutBatch;
}

function upload(batchId: string, text: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/payout-batches/${batchId}/signed`,
    headers: bearer(adminToken),
    payload: { signed: text },
  });
}

async function withdrawalOf(token: string, id: string): Promise<Withdrawal> {
  const response = await t.app.inject({ url: '/api/user/withdrawals', headers: bearer(token) });
  const found = (response.json().data as Withdrawal[]).find((withdrawal) => withdrawal._id === id);
  if (!found) throw new Error(`withdrawal ${id} not listed`);
  return found;
}

async function liveBatches(): Promise<PayoutBatch[]> {
  return (await t.app.inject({ url: '/api/admin/payout-batches', headers: bearer(adminToken) })).json().data;
}

beforeAll(async () => {
  node = await startBitcoind();
  await node.rpc('generate', [101]);
  t = await createTestApp(chainConfig({ bitcoinRpcUrl: node.url }), { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  // Two confirmations credit a deposit and make a payout paid.
  await setWallet(t.app, adminToken, 'btc', TEST_WALLET.bitcoinRegtestVpub, 2);
  await setRate(t.db, 'btc', BTC_RATE_CENTS, clock.now());
  await watch();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('Bitcoin payouts in one PSBT', () => {
  it('pays three approved withdrawals in one transaction, paid only after its confirmations', async () => {
    const people = [await approvedWithdrawal(), await approvedWithdrawal(), await approvedWithdrawal()];
    const batch = await newBatch(people.map((person) => person.id));
    expect(batch).toMatchObject({ state: 'open', feeRateSatPerVbyte: 2 });
    const unsigned = Transaction.fromPSBT(base64.decode(batch.psbt));
    const sorted = [...people].sort((a, b) => (a.id < b.id ? -1 : 1));
    const paid = Array.from({ length: unsigned.outputsLength }, (_, index) => ({
      address: unsigned.getOutputAddress(index, REGTEST),
      amount: unsigned.getOutput(index).amount,
    }));
    expect(paid.slice(0, 3)).toEqual(
      sorted.map((person) => ({ address: person.address, amount: HUNDREDTH_OF_A_BITCOIN })),
    );
    // Two 0.02 BTC outputs cover 0.03 BTC and the fee; the change goes to the wallet's first internal address.
    expect(batch.inputs).toHaveLength(2);
    expect(paid[3]?.address).toBe(batch.changeAddress);
    expect(BigInt(batch.changeBaseUnits) + BigInt(batch.feeBaseUnits)).toBe(HUNDREDTH_OF_A_BITCOIN);
    for (const person of people) {
      expect((await withdrawalOf(person.token, person.id)).payout).toMatchObject({
        state: 'awaitingPayment',
      });
    }

    const signedTx = signWithWallet(batch.psbt);
    const response = await upload(batch.id, base64.encode(signedTx.toPSBT()));
    expect(response.statusCode).toBe(200);
    // The 2015 node cannot read a transaction serialized with its witness: it is followed in blocks all the same.
    expect(response.json().message).toMatch(/^The node did not take the transaction/);
    for (const person of people) {
      expect((await withdrawalOf(person.token, person.id)).payout).toMatchObject({
        state: 'broadcast',
        isVerified: true,
        txId: batch.txid,
        txUrl: `https://mempool.space/tx/${batch.txid}`,
      });
    }

    await mineTransaction(node.rpc, signedTx.hex);
    await follow();
    expect((await liveBatches()).find((live) => live.id === batch.id)).toMatchObject({
      state: 'broadcast',
      confirmations: 1,
    });
    expect((await withdrawalOf(people[0]?.token ?? '', people[0]?.id ?? '')).payout).toMatchObject({
      state: 'broadcast',
      confirmations: 1,
    });
    await node.rpc('generate', [1]);
    await follow();
    for (const person of people) {
      const withdrawal = await withdrawalOf(person.token, person.id);
      expect(withdrawal.payout).toMatchObject({ state: 'paid', confirmations: 2, txId: batch.txid });
      // 800 deposited, 400 withdrawn.
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(400);
    }
    expect((await liveBatches()).some((live) => live.id === batch.id)).toBe(false);
    await follow();
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('refuses a signed transaction that adds an output, changes an amount or an address, spends another batch’s outputs, or is unsigned; each changes nothing', async () => {
    const first = await approvedWithdrawal();
    const second = await approvedWithdrawal();
    const batch = await newBatch([first.id]);
    const other = await newBatch([second.id]);
    expect(other.inputs.map((input) => `${input.txid}:${input.vout}`)).not.toContain(
      `${batch.inputs[0]?.txid}:${batch.inputs[0]?.vout}`,
    );

    const edited = (edit: (tx: Transaction) => void) => {
      const tx = Transaction.fromPSBT(base64.decode(batch.psbt));
      edit(tx);
      return signed(base64.encode(tx.toPSBT()));
    };
    const rebuilt = (outputs: { address: string; amount: bigint }[], from: PayoutBatch = batch) => {
      const source = Transaction.fromPSBT(base64.decode(from.psbt));
      const tx = new Transaction();
      for (let index = 0; index < source.inputsLength; index += 1) {
        const input = source.getInput(index);
        tx.addInput({ txid: input.txid, index: input.index, witnessUtxo: input.witnessUtxo });
      }
      for (const output of outputs) tx.addOutputAddress(output.address, output.amount, REGTEST);
      return signed(base64.encode(tx.toPSBT()));
    };
    const change = { address: batch.changeAddress ?? '', amount: BigInt(batch.changeBaseUnits) };
    const refusals: [string, string][] = [
      [
        // Ten thousand satoshi taken from the change to an address of the signer's choosing.
        edited((tx) => {
          tx.updateOutput(1, { amount: BigInt(batch.changeBaseUnits) - 10_000n });
          tx.addOutputAddress(freshAddress(), 10_000n, REGTEST);
        }),
        PAYOUT_MESSAGES.payoutBatchExtraOutput,
      ],
      [
        rebuilt([{ address: first.address, amount: HUNDREDTH_OF_A_BITCOIN - 1000n }, change]),
        PAYOUT_MESSAGES.payoutBatchChangedOutput,
      ],
      [
        rebuilt([{ address: freshAddress(), amount: HUNDREDTH_OF_A_BITCOIN }, change]),
        PAYOUT_MESSAGES.payoutBatchChangedOutput,
      ],
      [
        rebuilt([{ address: first.address, amount: HUNDREDTH_OF_A_BITCOIN }, change], other),
        PAYOUT_MESSAGES.payoutBatchSpendsOtherBatch,
      ],
      [batch.psbt, PAYOUT_MESSAGES.payoutBatchUnsigned],
      ['not a transaction', PAYOUT_MESSAGES.payoutBatchUnreadable],
    ];
    for (const [text, message] of refusals) {
      const response = await upload(batch.id, text);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 400,
        message,
      });
    }
    expect((await liveBatches()).find((live) => live.id === batch.id)).toMatchObject({ state: 'open' });
    expect((await withdrawalOf(first.token, first.id)).payout).toMatchObject({
      state: 'awaitingPayment',
      txId: null,
    });

    // A withdrawal in an open batch is not declined behind the batch's back.
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/declineWithdrawal/${first.id}`,
      headers: bearer(adminToken),
      payload: { reason: 'no' },
    });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().message).toBe(PAYOUT_MESSAGES.payoutInOpenBatch);
    // Nor put in a second one.
    const again = await createBatch([first.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYOUT_MESSAGES.payoutBatchWithdrawalsInvalid);

    // Two uploads of the right transaction at once, one through a second process on the same
    // database: broadcast once.
    const right = signed(batch.psbt);
    const otherProcess = await createTestApp(chainConfig({ bitcoinRpcUrl: node.url }), {
      clock,
      sharedWith: t,
    });
    let both: Awaited<ReturnType<typeof upload>>[];
    try {
      const otherToken = (await login(otherProcess.app, ADMIN.email, ADMIN.password)).token;
      both = await Promise.all([
        upload(batch.id, right),
        otherProcess.app.inject({
          method: 'PUT',
          url: `/api/admin/payout-batches/${batch.id}/signed`,
          headers: bearer(otherToken),
          payload: { signed: right },
        }),
      ]);
    } finally {
      await otherProcess.close();
    }
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().message).toBe(
      PAYOUT_MESSAGES.payoutBatchNotOpen,
    );

    // The other batch is given up: its withdrawal waits again and its outputs are free.
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/payout-batches/${other.id}`,
      headers: bearer(adminToken),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(PAYOUT_MESSAGES.payoutBatchCancelled);
    const reused = await newBatch([second.id]);
    expect(reused.inputs).toEqual(other.inputs);
  });

  it('returns the withdrawals of a batch whose input another transaction spent to awaiting payment, and pays them once in a new batch', async () => {
    const person = await approvedWithdrawal();
    const batch = await newBatch([person.id]);
    const signedTx = signWithWallet(batch.psbt);
    expect((await upload(batch.id, signedTx.hex)).statusCode).toBe(200);

    // The wallet spends the same output elsewhere first: a double spend, mined.
    const source = Transaction.fromPSBT(base64.decode(batch.psbt));
    const elsewhere = new Transaction();
    const input = source.getInput(0);
    elsewhere.addInput({ txid: input.txid, index: input.index, witnessUtxo: input.witnessUtxo });
    elsewhere.addOutputAddress(freshAddress(), (input.witnessUtxo?.amount ?? 0n) - 5_000n, REGTEST);
    const doubleSpend = signWithWallet(base64.encode(elsewhere.toPSBT()));
    await mineTransaction(node.rpc, doubleSpend.hex);
    await follow();

    expect((await withdrawalOf(person.token, person.id)).payout).toMatchObject({
      state: 'awaitingPayment',
      txId: null,
      isVerified: false,
    });
    expect((await liveBatches()).some((live) => live.id === batch.id)).toBe(false);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(400);

    const replacement = await newBatch([person.id]);
    expect(replacement.inputs.map((spent) => `${spent.txid}:${spent.vout}`)).not.toContain(
      `${hex.encode(input.txid ?? new Uint8Array())}:${input.index}`,
    );
    const replacementTx = signWithWallet(replacement.psbt);
    expect((await upload(replacement.id, replacementTx.hex)).statusCode).toBe(200);
    await mineTransaction(node.rpc, withoutWitness(replacementTx.hex));
    await node.rpc('generate', [1]);
    await follow();
    expect((await withdrawalOf(person.token, person.id)).payout).toMatchObject({
      state: 'paid',
      txId: replacement.txid,
    });
    const { rows } = await t.pool.query(
      "select count(*)::int as paid from ledger_transfers where reference_id = $1 and kind = 'withdrawal_payout'",
      [person.id],
    );
    expect(rows[0]).toEqual({ paid: 1 });
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });
});
