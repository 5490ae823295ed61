import type { ChainSource, FoundPayment } from './chain-source.ts';
import { createJsonRpc } from './json-rpc.ts';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 transfer event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

type RpcBlock = {
  hash: string;
  parentHash: string;
  transactions: { hash: string; to: string | null; value: string }[];
};
type RpcLog = {
  transactionHash: string;
  logIndex: string;
  topics: string[];
  data: string;
  removed?: boolean;
};

const toHex = (value: number) => `0x${value.toString(16)}`;

/**
 * Ethereum through any JSON-RPC endpoint: ether sent straight to a deposit address, from each
 * block's transactions, and USDT from the token's Transfer events in that same block (eth_getLogs
 * by block hash, so the events belong to the block whose parent was checked).
 */
export function createEthereumSource(rpcUrl: string, usdtContract: string): ChainSource {
  const rpc = createJsonRpc(rpcUrl, '2.0');
  return {
    chain: 'ethereum',
    tipHeight: async () => Number(BigInt(await rpc.call<string>('eth_blockNumber'))),
    async blockHashAt(height) {
      const block = await rpc.call<RpcBlock | null>('eth_getBlockByNumber', [toHex(height), false]);
      if (!block) throw new Error(`no block at height ${height}`);
      return block.hash;
    },
    async readBlock(height, watched) {
      const block = await rpc.call<RpcBlock | null>('eth_getBlockByNumber', [toHex(height), true]);
      if (!block) throw new Error(`no block at height ${height}`);
      const payments: FoundPayment[] = [];
      if (watched.size > 0) {
        for (const transaction of block.transactions) {
          const to = transaction.to?.toLowerCase();
          const value = BigInt(transaction.value);
          if (!to || value === 0n || !watched.has(to)) continue;
          payments.push({
            settlementKey: `ethereum:${transaction.hash}:native`,
            txId: transaction.hash,
            coin: 'eth',
            watchKey: to,
            amountBaseUnits: value,
          });
        }
        const logs = await rpc.call<RpcLog[]>('eth_getLogs', [
          { blockHash: block.hash, address: usdtContract, topics: [TRANSFER_TOPIC] },
        ]);
        for (const log of logs) {
          const toTopic = log.topics[2];
          if (log.removed || !toTopic) continue;
          const to = `0x${toTopic.slice(-40)}`.toLowerCase();
          const value = BigInt(log.data === '0x' ? 0 : log.data);
          if (value === 0n || !watched.has(to)) continue;
          payments.push({
            settlementKey: `ethereum:${log.transactionHash}:${Number(BigInt(log.logIndex))}`,
            txId: log.transactionHash,
            coin: 'usdt',
            watchKey: to,
            amountBaseUnits: value,
          });
        }
      }
      return { height, hash: block.hash, parentHash: block.parentHash, payments };
    },
  };
}
