import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { Transaction } from '@scure/btc-signer';
import type { RpcCall } from '../src/modules/chain/json-rpc.ts';

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes));

function littleEndian(value: number | bigint, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let rest = BigInt(value);
  for (let index = 0; index < bytes; index += 1) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** A block height as BIP34 wants it at the start of the coinbase: a minimal script number, pushed. */
function heightPush(height: number): Uint8Array {
  const bytes: number[] = [];
  for (let rest = height; rest > 0; rest >>= 8) bytes.push(rest & 0xff);
  if ((bytes.at(-1) ?? 0) & 0x80) bytes.push(0);
  return Uint8Array.from([bytes.length, ...bytes]);
}

/** A transaction serialized without its witness: what the 2015 node can read. */
export function withoutWitness(rawHex: string): string {
  return bytesToHex(
    Transaction.fromRaw(hexToBytes(rawHex), { allowUnknownOutputs: true }).toBytes(true, false),
  );
}

/**
 * Mines a transaction into a block built here on the node's tip and submits it. The 2015 node's
 * mempool refuses spends of native SegWit outputs (a relay policy) but its consensus takes a block
 * holding one, serialized without its witness: Vestora follows its payouts in blocks, never in the
 * mempool. Answers the new block's height.
 */
export async function mineTransaction(rpc: RpcCall, rawHex: string): Promise<number> {
  const tipHash = await rpc<string>('getbestblockhash');
  const tip = await rpc<{ height: number; time: number; bits: string; version: number }>('getblock', [
    tipHash,
  ]);
  const height = tip.height + 1;
  const scriptSig = concatBytes(heightPush(height), Uint8Array.from([0x01, 0x00]));
  const coinbase = concatBytes(
    littleEndian(1, 4),
    Uint8Array.from([1]),
    new Uint8Array(32),
    littleEndian(0xffffffff, 4),
    Uint8Array.from([scriptSig.length]),
    scriptSig,
    littleEndian(0xffffffff, 4),
    Uint8Array.from([1]),
    littleEndian(0n, 8),
    Uint8Array.from([1, 0x51]),
    littleEndian(0, 4),
  );
  const payout = hexToBytes(withoutWitness(rawHex));
  const merkleRoot = sha256d(concatBytes(sha256d(coinbase), sha256d(payout)));
  const bits = Number.parseInt(tip.bits, 16);
  const target = BigInt(bits & 0xffffff) << (8n * BigInt((bits >>> 24) - 3));
  for (let nonce = 0; ; nonce += 1) {
    const header = concatBytes(
      littleEndian(tip.version, 4),
      hexToBytes(tipHash).reverse(),
      merkleRoot,
      littleEndian(tip.time + 1, 4),
      littleEndian(bits, 4),
      littleEndian(nonce, 4),
    );
    const hash = sha256d(header).reverse();
    if (BigInt(`0x${bytesToHex(hash)}`) > target) continue;
    const block = concatBytes(header, Uint8Array.from([2]), coinbase, payout);
    const answer = await rpc<string | null>('submitblock', [bytesToHex(block)]);
    if (answer !== null) throw new Error(`the node refused the block: ${answer}`);
    return height;
  }
}
