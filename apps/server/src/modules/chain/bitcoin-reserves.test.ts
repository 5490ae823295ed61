import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { p2pkh, p2wpkh, Transaction, utils } from '@scure/btc-signer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BitcoinNode, payBitcoin, startBitcoind } from '../../../test/chain-nodes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  type BitcoinOutputsAtBlock,
  followBitcoinOutputs,
  listBitcoinOutputsAt,
} from './bitcoin-reserves.ts';
import { bitcoinNetworkParams } from './chain-keys.ts';

const REGTEST = bitcoinNetworkParams('regtest');

let node: BitcoinNode;
let t: TestApp;

beforeAll(async () => {
  node = await startBitcoind();
  // Coinbase outputs mature after 100 blocks: the node's wallet can pay from the first one.
  await node.rpc('generate', [101]);
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

interface Holder {
  address: string;
  scriptHex: string;
  privateKey: Uint8Array;
}

/**
 * A key of our own. Legacy (P2PKH) when the test spends from it: this 2015 node cannot take a
 * spend that carries a witness.
 */
function newHolder(kind: 'p2pkh' | 'p2wpkh'): Holder {
  const privateKey = utils.randomPrivateKeyBytes();
  const publicKey = secp256k1.getPublicKey(privateKey, true);
  const output = kind === 'p2pkh' ? p2pkh(publicKey, REGTEST) : p2wpkh(publicKey, REGTEST);
  if (!output.address) throw new Error('no address for a fresh key');
  return { address: output.address, scriptHex: bytesToHex(output.script), privateKey };
}

function scriptsOf(...holders: Holder[]): Map<string, string> {
  return new Map(holders.map((holder) => [holder.scriptHex, holder.address]));
}

/** Spends output `vout` of `txid`, which pays `holder` `sats`, to a node wallet address; it waits in the mempool. */
async function spendFrom(holder: Holder, txid: string, vout: number, sats: bigint): Promise<string> {
  const previous = await node.rpc<string>('getrawtransaction', [txid, 0]);
  const spend = new Transaction();
  spend.addInput({ txid, index: vout, nonWitnessUtxo: hexToBytes(previous) });
  spend.addOutputAddress(await node.rpc<string>('getnewaddress'), sats - 10_000n, REGTEST);
  spend.sign(holder.privateKey);
  spend.finalize();
  return node.rpc<string>('sendrawtransaction', [spend.hex]);
}

async function tipOfNode(): Promise<{ height: number; hash: string }> {
  const height = await node.rpc<number>('getblockcount');
  return { height, hash: await node.rpc<string>('getblockhash', [height]) };
}

/** A script followed from the next block on: nothing older to look for, so nothing is read again. */
async function fromNextBlock(): Promise<number> {
  return (await node.rpc<number>('getblockcount')) + 1;
}

function outputsOf(result: BitcoinOutputsAtBlock | undefined, holder: Holder) {
  return result?.outputsByAddress.get(holder.address);
}

describe('Bitcoin outputs followed through Bitcoin Core 0.11 (regtest)', () => {
  it('lists a payment at the block that confirms it, not while it waits in the mempool', async () => {
    const reserve = newHolder('p2wpkh');
    const fromHeight = await fromNextBlock();
    const before = await followBitcoinOutputs(t.db, node.url, { scripts: scriptsOf(reserve), fromHeight });
    expect(before.block).toEqual(await tipOfNode());
    expect(outputsOf(before, reserve)).toEqual([]);

    const payment = await payBitcoin(node.rpc, reserve.address, 150_000n);
    const pending = await followBitcoinOutputs(t.db, node.url, { scripts: scriptsOf(reserve), fromHeight });
    expect(pending.block).toEqual(await tipOfNode());
    expect(outputsOf(pending, reserve)).toEqual([]);

    const [confirmingHash] = await node.rpc<string[]>('generate', [1]);
    const confirmed = await followBitcoinOutputs(t.db, node.url, { scripts: scriptsOf(reserve), fromHeight });
    expect(confirmed.block).toEqual({ height: pending.block.height + 1, hash: confirmingHash });
    expect(outputsOf(confirmed, reserve)).toEqual([
      { txid: payment.txId, vout: 0, amountBaseUnits: 150_000n },
    ]);
  });

  it('keeps a payment made after the block read out of that block, and reads nothing when nothing changed', async () => {
    const reserve = newHolder('p2wpkh');
    const request = { scripts: scriptsOf(reserve), fromHeight: await fromNextBlock() };
    const first = await payBitcoin(node.rpc, reserve.address, 200_000n);
    await node.rpc('generate', [1]);
    const earlier = await followBitcoinOutputs(t.db, node.url, request);

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const again = await followBitcoinOutputs(t.db, node.url, request);
    // getblockcount and getblockhash of the tip: no block is read again.
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    fetchSpy.mockRestore();
    expect(again).toEqual(earlier);

    const second = await payBitcoin(node.rpc, reserve.address, 70_000n);
    await node.rpc('generate', [1]);
    const later = await followBitcoinOutputs(t.db, node.url, request);

    expect(later.block.height).toBeGreaterThan(earlier.block.height);
    expect(outputsOf(earlier, reserve)).toEqual([{ txid: first.txId, vout: 0, amountBaseUnits: 200_000n }]);
    expect(outputsOf(later, reserve)).toEqual([
      { txid: first.txId, vout: 0, amountBaseUnits: 200_000n },
      { txid: second.txId, vout: 0, amountBaseUnits: 70_000n },
    ]);
    // The stored state still answers for the earlier block.
    const atEarlier = await listBitcoinOutputsAt(t.db, { scripts: request.scripts, block: earlier.block });
    expect(atEarlier).toEqual(earlier);
  });

  it('drops an output once a block spends it, and still lists it at the blocks before', async () => {
    const reserve = newHolder('p2pkh');
    const request = { scripts: scriptsOf(reserve), fromHeight: await fromNextBlock() };
    const payment = await payBitcoin(node.rpc, reserve.address, 500_000n);
    await node.rpc('generate', [1]);
    const funded = await followBitcoinOutputs(t.db, node.url, request);
    expect(outputsOf(funded, reserve)).toEqual([{ txid: payment.txId, vout: 0, amountBaseUnits: 500_000n }]);

    await spendFrom(reserve, payment.txId, 0, 500_000n);
    const spendPending = await followBitcoinOutputs(t.db, node.url, request);
    expect(outputsOf(spendPending, reserve)).toHaveLength(1);

    await node.rpc('generate', [1]);
    const spent = await followBitcoinOutputs(t.db, node.url, request);
    expect(outputsOf(spent, reserve)).toEqual([]);
    expect(await listBitcoinOutputsAt(t.db, { scripts: request.scripts, block: funded.block })).toEqual(
      funded,
    );
  });

  it('serves two callers at once one after the other, both at the same block', async () => {
    const reserve = newHolder('p2wpkh');
    const request = { scripts: scriptsOf(reserve), fromHeight: await fromNextBlock() };
    await payBitcoin(node.rpc, reserve.address, 10_000n);
    await node.rpc('generate', [3]);
    const [one, two] = await Promise.all([
      followBitcoinOutputs(t.db, node.url, request),
      followBitcoinOutputs(t.db, node.url, request),
    ]);
    expect(one).toEqual(two);
    expect(outputsOf(one, reserve)).toHaveLength(1);
  });

  it('finds the older outputs of a newly followed script by reading again from fromHeight', async () => {
    const followedAll = newHolder('p2wpkh');
    const followedScripts = scriptsOf(followedAll);
    const followedPayment = await payBitcoin(node.rpc, followedAll.address, 40_000n);
    await node.rpc('generate', [1]);
    const followedBefore = await followBitcoinOutputs(t.db, node.url, {
      scripts: followedScripts,
      fromHeight: await fromNextBlock(),
    });

    const registeredLate = newHolder('p2pkh');
    const firstFundingHeight = await fromNextBlock();
    const kept = await payBitcoin(node.rpc, registeredLate.address, 300_000n);
    await node.rpc('generate', [1]);
    const spentLater = await payBitcoin(node.rpc, registeredLate.address, 80_000n);
    await node.rpc('generate', [1]);
    await spendFrom(registeredLate, spentLater.txId, 0, 80_000n);
    await node.rpc('generate', [2]);
    // The follower reads these blocks before the late script is followed.
    await followBitcoinOutputs(t.db, node.url, {
      scripts: followedScripts,
      fromHeight: await fromNextBlock(),
    });

    const both = scriptsOf(followedAll, registeredLate);
    const found = await followBitcoinOutputs(t.db, node.url, {
      scripts: both,
      fromHeight: firstFundingHeight,
    });
    expect(found.block).toEqual(await tipOfNode());
    expect(outputsOf(found, registeredLate)).toEqual([
      { txid: kept.txId, vout: 0, amountBaseUnits: 300_000n },
    ]);
    // The scripts followed before come out of the second reading as they were.
    expect(outputsOf(found, followedAll)).toEqual([
      { txid: followedPayment.txId, vout: 0, amountBaseUnits: 40_000n },
    ]);
    expect(outputsOf(followedBefore, followedAll)).toEqual(outputsOf(found, followedAll));
  });

  it('follows a new script from its own later height without reading older blocks again', async () => {
    const reserve = newHolder('p2wpkh');
    await followBitcoinOutputs(t.db, node.url, {
      scripts: scriptsOf(reserve),
      fromHeight: await fromNextBlock(),
    });
    const depositAddress = newHolder('p2wpkh');
    const handedOutAt = await fromNextBlock();

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await followBitcoinOutputs(t.db, node.url, {
      scripts: scriptsOf(reserve, depositAddress),
      fromHeight: 1,
      fromHeightByScript: new Map([[depositAddress.scriptHex, handedOutAt]]),
    });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    fetchSpy.mockRestore();
    expect(outputsOf(result, depositAddress)).toEqual([]);
  });

  // Last: the node comes back with its wallet's broadcasting off, so payBitcoin cannot fund afterwards.
  it('takes back an output whose block a reorganisation removed', async () => {
    const reserve = newHolder('p2wpkh');
    const request = { scripts: scriptsOf(reserve), fromHeight: await fromNextBlock() };
    const payment = await payBitcoin(node.rpc, reserve.address, 250_000n);
    const [paymentBlockHash] = await node.rpc<string[]>('generate', [1]);
    const beforeReorganisation = await followBitcoinOutputs(t.db, node.url, request);
    expect(outputsOf(beforeReorganisation, reserve)).toEqual([
      { txid: payment.txId, vout: 0, amountBaseUnits: 250_000n },
    ]);

    // The block leaves the chain; the node forgets the payment and mines a double spend instead.
    await node.rpc('invalidateblock', [paymentBlockHash]);
    await node.restartWithEmptyMempool();
    await payment.spendAgain(await node.rpc<string>('getnewaddress'));
    await node.rpc('generate', [2]);

    const afterReorganisation = await followBitcoinOutputs(t.db, node.url, request);
    expect(afterReorganisation.block).toEqual(await tipOfNode());
    expect(afterReorganisation.block.height).toBe(beforeReorganisation.block.height + 1);
    expect(outputsOf(afterReorganisation, reserve)).toEqual([]);
    expect(
      await listBitcoinOutputsAt(t.db, { scripts: request.scripts, block: beforeReorganisation.block }),
    ).toBeUndefined();
  });
});
