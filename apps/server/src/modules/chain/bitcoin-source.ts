import type { ChainSource, FoundPayment, WatchedKeys } from './chain-source.ts';
import { createJsonRpc } from './json-rpc.ts';

type RawTransaction = {
  txid: string;
  vin: { coinbase?: string }[];
  vout: { value: number; n: number; scriptPubKey: { hex: string } }[];
};

const SATOSHI_PER_BTC = 100_000_000;
/** Transactions asked for in one HTTP request. */
const BATCH_SIZE = 200;

/**
 * Bitcoin through Bitcoin Core's JSON-RPC, with only the calls that both 2015 and current releases
 * answer: getblockcount, getblockhash, getblock <hash> true, getrawtransaction <txid> 1 (needs
 * -txindex) and getrawmempool.
 */
export function createBitcoinSource(rpcUrl: string): ChainSource {
  const rpc = createJsonRpc(rpcUrl, '1.0');
  // A mainnet mempool holds tens of thousands of transactions: each is fetched once while it waits
  // there, not at every run. Read again from scratch when the watched addresses change.
  let pendingByTxId = new Map<string, FoundPayment[]>();
  let pendingWatchedSize = 0;

  /**
   * The watched outputs of these transactions. In a block every one must be read; from the
   * mempool one can leave between the listing and the read, and is then skipped.
   */
  async function paymentsIn(
    txIds: string[],
    watched: WatchedKeys,
    from: 'block' | 'mempool',
  ): Promise<FoundPayment[]> {
    const found: FoundPayment[] = [];
    for (let start = 0; start < txIds.length; start += BATCH_SIZE) {
      const calls = txIds
        .slice(start, start + BATCH_SIZE)
        .map((txId) => ({ method: 'getrawtransaction', params: [txId, 1] }));
      const answers =
        from === 'block'
          ? await rpc.batch<RawTransaction>(calls)
          : await rpc.batchSettled<RawTransaction>(calls);
      for (const transaction of answers) {
        if (transaction instanceof Error) continue;
        // A coinbase is spendable only after 100 blocks; no deposit address is ever a miner's payout.
        if (transaction.vin.some((input) => input.coinbase !== undefined)) continue;
        for (const output of transaction.vout) {
          if (!watched.has(output.scriptPubKey.hex)) continue;
          found.push({
            settlementKey: `bitcoin:${transaction.txid}:${output.n}`,
            txId: transaction.txid,
            coin: 'btc',
            watchKey: output.scriptPubKey.hex,
            // The node writes BTC with 8 decimals; rounding the double recovers the exact satoshi.
            amountBaseUnits: BigInt(Math.round(output.value * SATOSHI_PER_BTC)),
          });
        }
      }
    }
    return found;
  }

  return {
    chain: 'bitcoin',
    tipHeight: () => rpc.call<number>('getblockcount'),
    blockHashAt: (height) => rpc.call<string>('getblockhash', [height]),
    async readBlock(height, watched) {
      const hash = await rpc.call<string>('getblockhash', [height]);
      const block = await rpc.call<{ hash: string; previousblockhash?: string; tx: string[] }>('getblock', [
        hash,
        true,
      ]);
      return {
        height,
        hash: block.hash,
        parentHash: block.previousblockhash ?? '',
        payments: watched.size === 0 ? [] : await paymentsIn(block.tx, watched, 'block'),
      };
    },
    async readPending(watched) {
      if (watched.size === 0) return [];
      if (watched.size !== pendingWatchedSize) {
        pendingByTxId = new Map();
        pendingWatchedSize = watched.size;
      }
      const txIds = await rpc.call<string[]>('getrawmempool');
      const unseen = txIds.filter((txId) => !pendingByTxId.has(txId));
      const found = await paymentsIn(unseen, watched, 'mempool');
      const next = new Map<string, FoundPayment[]>();
      for (const txId of txIds) next.set(txId, pendingByTxId.get(txId) ?? []);
      for (const payment of found) next.get(payment.txId)?.push(payment);
      pendingByTxId = next;
      return [...next.values()].flat();
    },
  };
}
