import type { Database } from '../../db/client.ts';
import { runAsLeader } from '../../lib/leader-job.ts';
import {
  type BlockRef,
  type FollowedOutputRow,
  forgetAbove,
  insertFollowedOutputs,
  insertFollowedScripts,
  listFollowedScripts,
  listUnspentOutpoints,
  listUnspentOutputsAt,
  markOutputsSpent,
  readFollowCursor,
  readFollowedBlockHash,
  saveFollowedBlock,
} from './bitcoin-reserves.repo.ts';
import { createJsonRpc } from './json-rpc.ts';

/** Advisory lock of the follower, beside the scheduled jobs' 7_215_0xx ids. */
const FOLLOW_LOCK_ID = 7_215_027;
const SATOSHI_PER_BTC = 100_000_000;
/** Transactions asked for in one HTTP request. */
const BATCH_SIZE = 200;

export interface BitcoinOutput {
  txid: string;
  vout: number;
  amountBaseUnits: bigint;
}

export interface BitcoinOutputsAtBlock {
  block: BlockRef;
  /** Every address asked about, with its unspent outputs at `block` (an empty list when it has none). */
  outputsByAddress: Map<string, BitcoinOutput[]>;
}

export interface FollowRequest {
  /** Output script (hex, as the node shows it) → the address it is shown as. */
  scripts: Map<string, string>;
  /** Where a script not followed before is followed from: no output of it below this height is seen. */
  fromHeight: number;
  /**
   * A later start for some new scripts, such as a deposit address handed out at a known height:
   * otherwise every new deposit address would have the blocks from `fromHeight` read again.
   */
  fromHeightByScript?: Map<string, number>;
}

type BitcoinRpc = ReturnType<typeof createJsonRpc>;
type RawBlock = { hash: string; height: number; previousblockhash?: string; tx: string[] };
type RawTransaction = {
  txid: string;
  /** A coinbase input has `coinbase` and no `txid`. */
  vin: { txid?: string; vout?: number }[];
  vout: { value: number; n: number; scriptPubKey: { hex: string } }[];
};

/**
 * The unspent outputs of `scripts` at the node's tip: no depth is kept off, the block returned is
 * the tip as this call found it (read again after a walk back), and its hash is what a verifier checks.
 *
 * Bitcoin Core 0.11 has no scantxoutset, so the outputs are followed here: every block from the
 * stored cursor to the tip is read once, outputs paying a followed script are recorded, and so are
 * the inputs spending a recorded output. A script not followed before is followed from its
 * `fromHeightByScript` entry or else `fromHeight`; when the lowest such height among the new scripts
 * is at or below the cursor, every block from there is read again for all scripts (what was
 * recorded from those blocks is taken back first, so the tables only ever hold what the blocks up
 * to the cursor say). Followed scripts are never dropped. A reorganisation is walked back to the
 * common ancestor, taking back what the lost blocks created and spent.
 *
 * One process at a time: the session advisory lock of `runAsLeader`, waited for, so a second caller
 * finds the blocks read and only reads the tables. When nothing changed the call costs two RPCs
 * (getblockcount, getblockhash), the lock and three small queries.
 */
export async function followBitcoinOutputs(
  db: Database,
  rpcUrl: string,
  request: FollowRequest,
): Promise<BitcoinOutputsAtBlock> {
  const rpc = createJsonRpc(rpcUrl, '1.0');
  const result = await runAsLeader(db, FOLLOW_LOCK_ID, () => followUnderLock(db, rpc, request), 'wait');
  if (!result) throw new Error('the Bitcoin output follower returned nothing');
  return result;
}

/**
 * The unspent outputs of `scripts` at an earlier block the follower has read, as the tables say
 * now (outputs spent since still count as unspent there). Undefined when that block is no longer
 * the follower's (a reorganisation replaced it, or a rescan has not reached it again yet).
 */
export async function listBitcoinOutputsAt(
  db: Database,
  { scripts, block }: { scripts: Map<string, string>; block: BlockRef },
): Promise<BitcoinOutputsAtBlock | undefined> {
  // One snapshot for the check and the read: a follower run committing in between cannot mix them.
  return db.transaction(
    async (tx) => {
      const cursor = await readFollowCursor(tx);
      const keptHash = await readFollowedBlockHash(tx, { height: block.height });
      if (!cursor || cursor.height < block.height || keptHash !== block.hash) return undefined;
      const rows = await listUnspentOutputsAt(tx, { scriptHexes: [...scripts.keys()], height: block.height });
      return { block, outputsByAddress: groupByAddress(scripts, rows) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function followUnderLock(
  db: Database,
  rpc: BitcoinRpc,
  { scripts, fromHeight, fromHeightByScript }: FollowRequest,
): Promise<BitcoinOutputsAtBlock> {
  let tip = await rpc.call<number>('getblockcount');
  const followed = await listFollowedScripts(db);
  const followedHexes = new Set(followed.map((row) => row.scriptHex));
  const newScripts = [...scripts]
    .filter(([scriptHex]) => !followedHexes.has(scriptHex))
    .map(([scriptHex, address]) => ({
      scriptHex,
      address,
      fromHeight: fromHeightByScript?.get(scriptHex) ?? fromHeight,
    }));
  if (newScripts.length > 0) await startFollowing(db, rpc, { newScripts, tip });
  for (const { scriptHex } of newScripts) followedHexes.add(scriptHex);

  let cursor = await readFollowCursor(db);
  if (!cursor) {
    // Nothing has ever been followed, so no block before the tip can hold anything to record.
    cursor = { height: tip, hash: await blockHashAt(rpc, tip) };
    await saveFollowedBlock(db, cursor);
  }
  // Loaded once the first block is read, and again after a walk back puts spends back.
  let unspent: Set<string> | undefined;
  for (;;) {
    if (cursor.height < tip) {
      const nextHash = await blockHashAt(rpc, cursor.height + 1);
      const block: RawBlock = await rpc.call<RawBlock>('getblock', [nextHash, true]);
      if (block.previousblockhash !== cursor.hash) {
        cursor = await walkBackToCommonAncestor(db, rpc, cursor, tip);
        unspent = undefined;
        continue;
      }
      unspent ??= await listUnspentOutpoints(db);
      await recordBlock(db, rpc, block, followedHexes, unspent);
      cursor = { height: block.height, hash: block.hash };
      continue;
    }
    // At the tip read: done if that block is still the node's, else walk back and read on.
    if (cursor.height === tip && (await blockHashAt(rpc, tip)) === cursor.hash) break;
    cursor = await walkBackToCommonAncestor(db, rpc, cursor, tip);
    unspent = undefined;
    tip = await rpc.call<number>('getblockcount');
  }

  const rows = await listUnspentOutputsAt(db, { scriptHexes: [...scripts.keys()], height: cursor.height });
  return { block: cursor, outputsByAddress: groupByAddress(scripts, rows) };
}

/**
 * Records the new scripts and, when the cursor is already past the lowest `fromHeight` among them,
 * takes back everything read from there on so those blocks are read again with the new scripts among the followed.
 * One transaction: a crash cannot leave a script marked followed whose older outputs were never looked for.
 */
async function startFollowing(
  db: Database,
  rpc: BitcoinRpc,
  {
    newScripts,
    tip,
  }: { newScripts: { scriptHex: string; address: string; fromHeight: number }[]; tip: number },
): Promise<void> {
  const cursor = await readFollowCursor(db);
  const fromHeight = Math.min(...newScripts.map((script) => script.fromHeight));
  // The block before the first one to read. Block 0 is never read: its only output cannot be spent
  // and the node has no transaction for it.
  const restartHeight = Math.min(Math.max(fromHeight, 1) - 1, tip);
  const isRescan = cursor === undefined || restartHeight < cursor.height;
  const restartBlock = isRescan
    ? { height: restartHeight, hash: await blockHashAt(rpc, restartHeight) }
    : null;
  await db.transaction(async (tx) => {
    await insertFollowedScripts(tx, newScripts);
    if (restartBlock) {
      await forgetAbove(tx, { height: restartBlock.height });
      await saveFollowedBlock(tx, restartBlock);
    }
  });
}

/** One block's outputs to followed scripts and spends of recorded outputs, with the cursor, at once. */
async function recordBlock(
  db: Database,
  rpc: BitcoinRpc,
  block: RawBlock,
  followedHexes: Set<string>,
  unspent: Set<string>,
): Promise<void> {
  const outputs: FollowedOutputRow[] = [];
  const spends: { txid: string; vout: number; spentByTxid: string; spentAtHeight: number }[] = [];
  // In block order: a transaction can spend an output of one before it in the same block.
  for (const transaction of await readTransactions(rpc, block.tx)) {
    for (const input of transaction.vin) {
      if (input.txid === undefined || input.vout === undefined) continue;
      const outpoint = `${input.txid}:${input.vout}`;
      if (!unspent.delete(outpoint)) continue;
      spends.push({
        txid: input.txid,
        vout: input.vout,
        spentByTxid: transaction.txid,
        spentAtHeight: block.height,
      });
    }
    for (const output of transaction.vout) {
      if (!followedHexes.has(output.scriptPubKey.hex)) continue;
      outputs.push({
        txid: transaction.txid,
        vout: output.n,
        scriptHex: output.scriptPubKey.hex,
        // The node writes BTC with 8 decimals; rounding the double recovers the exact satoshi.
        amountBaseUnits: BigInt(Math.round(output.value * SATOSHI_PER_BTC)),
        blockHeight: block.height,
        blockHash: block.hash,
        spentByTxid: null,
        spentAtHeight: null,
      });
      unspent.add(`${transaction.txid}:${output.n}`);
    }
  }
  await db.transaction(async (tx) => {
    await insertFollowedOutputs(tx, outputs);
    await markOutputsSpent(tx, spends);
    await saveFollowedBlock(tx, { height: block.height, hash: block.hash });
  });
}

/** Every transaction of a block, in its order; each one must be read (-txindex answers all but block 0's). */
async function readTransactions(rpc: BitcoinRpc, txIds: string[]): Promise<RawTransaction[]> {
  const transactions: RawTransaction[] = [];
  for (let start = 0; start < txIds.length; start += BATCH_SIZE) {
    const calls = txIds
      .slice(start, start + BATCH_SIZE)
      .map((txId) => ({ method: 'getrawtransaction', params: [txId, 1] }));
    transactions.push(...(await rpc.batch<RawTransaction>(calls)));
  }
  return transactions;
}

/**
 * Walks back from the cursor to the highest block the node still has as we read it, and takes back
 * everything read above it. Every block read is kept, so the walk can go as deep as the
 * reorganisation; below the first block read there is nothing to take back.
 */
async function walkBackToCommonAncestor(
  db: Database,
  rpc: BitcoinRpc,
  cursor: BlockRef,
  tip: number,
): Promise<BlockRef> {
  // The node may now be shorter than the cursor: its blocks above the tip are gone.
  let height = Math.min(cursor.height, tip);
  let nodeHash = await blockHashAt(rpc, height);
  while (height > 0) {
    const keptHash = await readFollowedBlockHash(db, { height });
    if (keptHash === undefined || keptHash === nodeHash) break;
    height -= 1;
    nodeHash = await blockHashAt(rpc, height);
  }
  const ancestor = { height, hash: nodeHash };
  await db.transaction(async (tx) => {
    await forgetAbove(tx, { height });
    await saveFollowedBlock(tx, ancestor);
  });
  return ancestor;
}

function blockHashAt(rpc: BitcoinRpc, height: number): Promise<string> {
  return rpc.call<string>('getblockhash', [height]);
}

function groupByAddress(
  scripts: Map<string, string>,
  rows: FollowedOutputRow[],
): Map<string, BitcoinOutput[]> {
  const outputsByAddress = new Map<string, BitcoinOutput[]>(
    [...scripts.values()].map((address) => [address, []]),
  );
  for (const row of rows) {
    const address = scripts.get(row.scriptHex);
    if (address === undefined) continue;
    outputsByAddress
      .get(address)
      ?.push({ txid: row.txid, vout: row.vout, amountBaseUnits: row.amountBaseUnits });
  }
  return outputsByAddress;
}
