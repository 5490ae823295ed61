import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { MESSAGES, PAYOUT_MESSAGES, payoutTooLittleMessage, type Withdrawal } from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNode, startAnvil } from '../../../test/chain-nodes.ts';
import { chainConfig, manualClock, setRate, setWallet } from '../../../test/chain-watching.ts';
import {
  balanceOf,
  fundUser,
  ledgerHealth,
  saveUsableWithdrawalAddress,
  verify,
} from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../../test/test-app.ts';
import { deployTestUsdt, mineBlocks, payUsdt } from '../../../test/test-usdt.ts';
import { TEST_WALLET } from '../../../test/test-wallet.ts';
import { toChecksumAddress } from '../chain/chain-keys.ts';
import { createEthereumPayouts } from '../chain/ethereum-payouts.ts';
import { followPayouts } from './payouts.service.ts';

const clock = manualClock(new Date('2026-11-27T09:00:00Z'));
/** 3,000.00 USD per ETH: a withdrawal of 300 USD is owed 0.1 ETH. */
const ETH_RATE_CENTS = 300_000n;
const TENTH_OF_AN_ETHER = 10n ** 17n;

/** A fresh address nobody pays from: where a depositor withdraws to. */
function freshAddress(): string {
  const publicKey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), false);
  return toChecksumAddress(bytesToHex(keccak_256(publicKey.slice(1)).slice(-20)));
}

let node: RunningNode;
let usdt: string;
let t: TestApp;
let adminToken: string;
/** A treasury registered as a reserve, and an account that is not. */
let treasury: string;
let stranger: string;

const rpc = <Result>(method: string, params: unknown[] = []) => node.rpc<Result>(method, params);

async function mined(hash: string): Promise<void> {
  await expect
    .poll(async () => (await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status)
    .toBeDefined();
}

async function send(from: string, fields: Record<string, string>): Promise<string> {
  const hash = await rpc<string>('eth_sendTransaction', [{ from, ...fields }]);
  await mined(hash);
  return hash;
}

const sendEther = (from: string, to: string, wei: bigint) =>
  send(from, { to, value: `0x${wei.toString(16)}` });

function sendUsdt(from: string, to: string, units: bigint, gas?: string): Promise<string> {
  const word = (value: string) => value.replace(/^0x/, '').padStart(64, '0');
  return send(from, {
    to: usdt,
    data: `0xa9059cbb${word(to.toLowerCase())}${word(units.toString(16))}`,
    ...(gas ? { gas } : {}),
  });
}

async function userWithdrawing(coin: 'eth' | 'usdt', amount: number) {
  const person = await signUpAndLogin(t.app);
  await verify(t.app, adminToken, person.user._id);
  await fundUser(t.app, adminToken, person.user._id, 1000);
  const address = freshAddress();
  await saveUsableWithdrawalAddress(t, clock, person.token, {
    coin,
    address,
    password: person.input.password,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/withdraw',
    headers: bearer(person.token),
    payload: { amount, method: coin, address },
  });
  expect(response.statusCode).toBe(201);
  return { ...person, address, withdrawalId: (response.json().data as Withdrawal)._id };
}

async function approve(id: string, payload: object = {}) {
  // The rate is read at approval; the address book's cool-off moved the clock past the last one.
  await setRate(t.db, 'eth', ETH_RATE_CENTS, clock.now());
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/approveWithdrawal/${id}`,
    headers: bearer(adminToken),
    payload,
  });
}

function givePayout(id: string, txHash: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/withdrawals/${id}/payout`,
    headers: bearer(adminToken),
    payload: { txHash },
  });
}

async function withdrawalOf(token: string, id: string): Promise<Withdrawal> {
  const response = await t.app.inject({ url: '/api/user/withdrawals', headers: bearer(token) });
  const found = (response.json().data as Withdrawal[]).find((withdrawal) => withdrawal._id === id);
  if (!found) throw new Error(`withdrawal ${id} not listed`);
  return found;
}

const follow = () =>
  followPayouts({
    db: t.db,
    payouts: createEthereumPayouts(node.url, usdt),
    clock,
    config: t.config.chain,
    log: { error: () => {} },
  });

async function registerReserve(address: string): Promise<void> {
  const challenge = await t.app.inject({
    url: `/api/admin/reserves/challenge?${new URLSearchParams({ address })}`,
    headers: bearer(adminToken),
  });
  const text = challenge.json().data.challenge as string;
  const signature = await rpc<string>('personal_sign', [`0x${Buffer.from(text).toString('hex')}`, address]);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/admin/reserves',
    headers: bearer(adminToken),
    payload: { coin: 'eth', address, challenge: text, signature },
  });
  expect(registered.statusCode).toBe(201);
}

beforeAll(async () => {
  node = await startAnvil();
  usdt = await deployTestUsdt(node.rpc);
  t = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), { clock });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
  // Three confirmations make a payout paid.
  await setWallet(t.app, adminToken, 'eth', TEST_WALLET.ethereumXpub, 3);
  await setWallet(t.app, adminToken, 'usdt', TEST_WALLET.ethereumXpub, 3);
  const accounts = await rpc<string[]>('eth_accounts');
  treasury = accounts[1] ?? '';
  stranger = accounts[2] ?? '';
  await registerReserve(treasury);
  await payUsdt(node.rpc, usdt, treasury, 10_000n * 1_000_000n);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

describe('an ETH payout the chain proves', () => {
  it('fixes 0.1 ETH at approval, is paid only after three confirmations, and shows the transaction to the user', async () => {
    const person = await userWithdrawing('eth', 300);
    const approved = await approve(person.withdrawalId);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(PAYOUT_MESSAGES.withdrawalApprovedAwaitingPayment);
    expect(await withdrawalOf(person.token, person.withdrawalId)).toMatchObject({
      status: 'approved',
      isPayoutCheckedOnChain: true,
      payout: {
        state: 'awaitingPayment',
        isVerified: false,
        txId: null,
        coinAmountBaseUnits: TENTH_OF_AN_ETHER.toString(),
        usdCentsPerCoin: ETH_RATE_CENTS.toString(),
        requiredConfirmations: 3,
      },
    });
    // Still held, not paid: the user's balance is 700 and nothing counts as withdrawn yet.
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(700);

    const hash = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
    const given = await givePayout(person.withdrawalId, hash);
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toBe(PAYOUT_MESSAGES.payoutTxAccepted);
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'broadcast',
      isVerified: true,
      txId: hash,
      txUrl: `https://etherscan.io/tx/${hash}`,
      confirmations: 1,
    });

    await mineBlocks(node.rpc, 1);
    await follow();
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'broadcast',
      confirmations: 2,
    });
    await mineBlocks(node.rpc, 1);
    await follow();
    const paid = await withdrawalOf(person.token, person.withdrawalId);
    expect(paid.payout).toMatchObject({ state: 'paid', confirmations: 3, txId: hash });
    expect(paid.payout?.paidAt).toBe(clock.now().toISOString());

    const profile = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(profile.json().data).toMatchObject({ accountBalance: 700, totalWithdrawn: 300 });
    const history = await t.app.inject({
      url: '/api/user/transactions?type=withdrawal',
      headers: bearer(person.token),
    });
    expect(history.json().data[0]).toMatchObject({
      _id: person.withdrawalId,
      status: 'approved',
      payoutReference: hash,
      payout: { state: 'paid', isVerified: true, txId: hash, txUrl: `https://etherscan.io/tx/${hash}` },
    });
    const notifications = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(person.token),
    });
    expect(notifications.json().data[0]).toMatchObject({
      title: 'Withdrawal paid',
      body: `Your withdrawal of $300.00 was paid to ${person.address}: 0.1 ETH at $3,000.00 per ETH, in transaction ${hash}, confirmed 3 times.`,
    });
    // Following again pays nothing twice.
    await follow();
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(700);
  });

  it('refuses a reference at approval, then a payment to another address, too little, from an unregistered address, failed, unknown, unmined or already used; each changes nothing', async () => {
    const person = await userWithdrawing('eth', 300);
    const withReference = await approve(person.withdrawalId, { txHash: 'paid by hand' });
    expect(withReference.statusCode).toBe(400);
    expect(withReference.json().message).toBe(PAYOUT_MESSAGES.payoutReferenceOnChain);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);

    const refusals: [string, number, string][] = [
      [await sendEther(treasury, freshAddress(), TENTH_OF_AN_ETHER), 400, PAYOUT_MESSAGES.payoutWrongAddress],
      [
        await sendEther(treasury, person.address, TENTH_OF_AN_ETHER - 1n),
        400,
        payoutTooLittleMessage('0.099999999999999999', '0.1', 'ETH'),
      ],
      [
        await sendEther(stranger, person.address, TENTH_OF_AN_ETHER),
        400,
        PAYOUT_MESSAGES.payoutFromUnregistered,
      ],
      // A token transfer of more than the treasury holds reverts, mined with the gas given.
      [await sendUsdt(treasury, person.address, 10n ** 30n, '0x30000'), 400, PAYOUT_MESSAGES.payoutTxFailed],
      [`0x${'ab'.repeat(32)}`, 400, PAYOUT_MESSAGES.payoutTxNotFound],
    ];
    for (const [hash, status, message] of refusals) {
      const response = await givePayout(person.withdrawalId, hash);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
    }
    const malformed = await givePayout(person.withdrawalId, 'not a hash');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(PAYOUT_MESSAGES.payoutTxHashInvalid);

    await rpc('evm_setAutomine', [false]);
    try {
      const waiting = await rpc<string>('eth_sendTransaction', [
        { from: treasury, to: person.address, value: `0x${TENTH_OF_AN_ETHER.toString(16)}` },
      ]);
      const unmined = await givePayout(person.withdrawalId, waiting);
      expect(unmined.statusCode).toBe(409);
      expect(unmined.json().message).toBe(PAYOUT_MESSAGES.payoutTxNotMined);
    } finally {
      await rpc('evm_setAutomine', [true]);
      await mineBlocks(node.rpc, 1);
    }
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'awaitingPayment',
      txId: null,
    });

    // A second withdrawal of the same user to the same address, paid: its payment pays no other.
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(person.token),
      payload: { amount: 300, method: 'eth', address: person.address },
    });
    const secondId = (second.json().data as Withdrawal)._id;
    expect((await approve(secondId)).statusCode).toBe(200);
    const hash = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
    expect((await givePayout(secondId, hash)).statusCode).toBe(200);
    const reused = await givePayout(person.withdrawalId, hash);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(PAYOUT_MESSAGES.payoutTxUsed);
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'awaitingPayment',
      txId: null,
    });
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(400);
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('accepts one of two racing submissions of one payment, for one withdrawal and for two', async () => {
    const person = await userWithdrawing('eth', 300);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);
    const hash = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
    const same = await Promise.all([
      givePayout(person.withdrawalId, hash),
      givePayout(person.withdrawalId, hash),
    ]);
    expect(same.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(same.find((response) => response.statusCode === 409)?.json().message).toBe(
      PAYOUT_MESSAGES.payoutNotAwaiting,
    );

    // Two withdrawals to one address (one user, one saved address): one payment pays only one.
    const first = await userWithdrawing('eth', 300);
    const secondResponse = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(first.token),
      payload: { amount: 300, method: 'eth', address: first.address },
    });
    const secondId = (secondResponse.json().data as Withdrawal)._id;
    expect((await approve(first.withdrawalId)).statusCode).toBe(200);
    expect((await approve(secondId)).statusCode).toBe(200);
    const payment = await sendEther(treasury, first.address, TENTH_OF_AN_ETHER);
    const both = await Promise.all([givePayout(first.withdrawalId, payment), givePayout(secondId, payment)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().message).toBe(
      PAYOUT_MESSAGES.payoutTxUsed,
    );
  });

  it('accepts a payment once when two processes sharing one database are given it at the same moment', async () => {
    const other = await createTestApp(chainConfig({ ethereumRpcUrl: node.url, usdtContract: usdt }), {
      clock,
      sharedWith: t,
    });
    try {
      const otherToken = (await login(other.app, ADMIN.email, ADMIN.password)).token;
      const person = await userWithdrawing('eth', 300);
      expect((await approve(person.withdrawalId)).statusCode).toBe(200);
      const hash = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
      await mineBlocks(node.rpc, 2);
      const answers = await Promise.all([
        givePayout(person.withdrawalId, hash),
        other.app.inject({
          method: 'PUT',
          url: `/api/admin/withdrawals/${person.withdrawalId}/payout`,
          headers: bearer(otherToken),
          payload: { txHash: hash },
        }),
      ]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({ state: 'paid' });
      const { rows } = await t.pool.query(
        "select count(*)::int as paid from ledger_transfers where reference_id = $1 and kind = 'withdrawal_payout'",
        [person.withdrawalId],
      );
      expect(rows[0]).toEqual({ paid: 1 });
      expect(await balanceOf(t.app, person.token, person.user._id)).toBe(700);
    } finally {
      await other.close();
    }
  });

  it('returns a payout whose transaction left the chain to awaiting payment, and pays it once on a new one', async () => {
    const person = await userWithdrawing('eth', 300);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);
    const beforePayment = await rpc<string>('evm_snapshot');
    const hash = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
    expect((await givePayout(person.withdrawalId, hash)).statusCode).toBe(200);
    // A reorganisation drops the block and its transaction.
    await rpc('evm_revert', [beforePayment]);
    await mineBlocks(node.rpc, 3);
    await follow();
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'awaitingPayment',
      isVerified: false,
      txId: null,
    });
    const notifications = await t.app.inject({
      url: '/api/user/notifications',
      headers: bearer(person.token),
    });
    expect(notifications.json().data[0]).toMatchObject({ title: 'Withdrawal payment not confirmed' });

    const again = await sendEther(treasury, person.address, TENTH_OF_AN_ETHER);
    expect((await givePayout(person.withdrawalId, again)).statusCode).toBe(200);
    await mineBlocks(node.rpc, 2);
    await follow();
    await follow();
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'paid',
      txId: again,
    });
    const profile = await t.app.inject({
      url: `/api/user/userprofile/${person.user._id}`,
      headers: bearer(person.token),
    });
    expect(profile.json().data).toMatchObject({ accountBalance: 700, totalWithdrawn: 300 });
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });

  it('offers an unsigned EIP-1559 transaction that pays the withdrawal when the treasury signs it', async () => {
    const person = await userWithdrawing('eth', 300);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);
    const response = await t.app.inject({
      url: `/api/admin/withdrawals/${person.withdrawalId}/unsigned-transaction`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const unsigned = response.json();
    expect(unsigned).toMatchObject({
      type: '0x2',
      chainId: await rpc<string>('eth_chainId'),
      to: person.address,
      value: `0x${TENTH_OF_AN_ETHER.toString(16)}`,
      data: '0x',
      gas: '0x5208',
    });
    const { type: _type, ...fields } = unsigned as Record<string, string>;
    const hash = await send(treasury, fields);
    const given = await givePayout(person.withdrawalId, hash);
    expect(given.statusCode).toBe(200);
  });

  it('returns an approved withdrawal still awaiting its payment to the balance when declined', async () => {
    const person = await userWithdrawing('eth', 300);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/declineWithdrawal/${person.withdrawalId}`,
      headers: bearer(adminToken),
      payload: { reason: 'Address flagged' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await balanceOf(t.app, person.token, person.user._id)).toBe(1000);
    const late = await givePayout(person.withdrawalId, `0x${'cd'.repeat(32)}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PAYOUT_MESSAGES.payoutNotAwaiting);
  });
});

describe('a USDT payout the chain proves', () => {
  it('accepts a token Transfer of at least the amount to the address, and refuses too little', async () => {
    const person = await userWithdrawing('usdt', 250);
    expect((await approve(person.withdrawalId)).statusCode).toBe(200);
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      coinAmountBaseUnits: '250000000',
      usdCentsPerCoin: '100',
    });
    const short = await sendUsdt(treasury, person.address, 249_990_000n);
    const refused = await givePayout(person.withdrawalId, short);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(payoutTooLittleMessage('249.99', '250', 'USDT'));

    const hash = await sendUsdt(treasury, person.address, 250_000_000n);
    await mineBlocks(node.rpc, 2);
    const given = await givePayout(person.withdrawalId, hash);
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toBe(PAYOUT_MESSAGES.payoutTxConfirmed);
    expect((await withdrawalOf(person.token, person.withdrawalId)).payout).toMatchObject({
      state: 'paid',
      isVerified: true,
      txId: hash,
    });
    expect((await ledgerHealth(t.app, adminToken)).isHealthy).toBe(true);
  });
});

describe('a payout no node reads', () => {
  it('is paid on the staff reference, recorded as unverified', async () => {
    const person = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, person.user._id);
    await fundUser(t.app, adminToken, person.user._id, 1000);
    const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    await saveUsableWithdrawalAddress(t, clock, person.token, {
      coin: 'btc',
      address,
      password: person.input.password,
    });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/user/withdraw',
      headers: bearer(person.token),
      payload: { amount: 100, method: 'btc', address },
    });
    expect(requested.statusCode).toBe(201);
    const id = (requested.json().data as Withdrawal)._id;
    const approved = await approve(id, { txHash: 'sent from the cold wallet' });
    expect(approved.json().message).toBe(MESSAGES.withdrawalApproved);
    expect(await withdrawalOf(person.token, id)).toMatchObject({
      isPayoutCheckedOnChain: false,
      payoutTxHash: 'sent from the cold wallet',
      payout: { state: 'paid', isVerified: false, txId: 'sent from the cold wallet', txUrl: null },
    });
  });
});
