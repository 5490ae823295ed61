import type { Coin, UnsignedTransaction } from '@vestora/shared';
import { createJsonRpc } from './json-rpc.ts';

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 transfer event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** transfer(address,uint256): the call a wallet makes to send a token. */
const TRANSFER_SELECTOR = '0xa9059cbb';
/** Gas of a plain ether transfer, and a ceiling for a token transfer (USDT's takes about 65,000). */
const ETHER_TRANSFER_GAS = 21_000n;
const TOKEN_TRANSFER_GAS = 100_000n;

/** One payment a transaction makes in one coin: its native value, or one token Transfer event. */
export interface ChainTransfer {
  /** `ethereum:<hash>:native` or `ethereum:<hash>:<logIndex>`: one payment pays one withdrawal. */
  settlementKey: string;
  from: string;
  to: string;
  amountBaseUnits: bigint;
}

/** What the node says of a transaction: absent, waiting in no block, or mined (and whether it ran). */
export type PayoutTransaction =
  | { state: 'unknown' }
  | { state: 'pending' }
  | {
      state: 'mined';
      blockHeight: number;
      isSuccessful: boolean;
      transfers: Record<'eth' | 'usdt', ChainTransfer[]>;
    };

type RpcTransaction = {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  blockNumber: string | null;
};
type RpcReceipt = {
  status: string;
  blockNumber: string;
  logs: { address: string; topics: string[]; data: string; logIndex: string; removed?: boolean }[];
};

const addressOfTopic = (topic: string) => `0x${topic.slice(-40)}`.toLowerCase();
const hex = (value: bigint) => `0x${value.toString(16)}`;
const word = (value: string) => value.replace(/^0x/, '').toLowerCase().padStart(64, '0');

export interface EthereumPayouts {
  tipHeight(): Promise<number>;
  readTransaction(hash: string): Promise<PayoutTransaction>;
  /** An unsigned EIP-1559 transaction paying `to` the amount, for any wallet to sign. */
  unsignedTransfer(coin: 'eth' | 'usdt', to: string, amountBaseUnits: bigint): Promise<UnsignedTransaction>;
}

/** Payouts read through the operator's Ethereum node: a transaction and its receipt, by hash. */
export function createEthereumPayouts(rpcUrl: string, usdtContract: string): EthereumPayouts {
  const rpc = createJsonRpc(rpcUrl, '2.0');
  const token = usdtContract.toLowerCase();
  return {
    tipHeight: async () => Number(BigInt(await rpc.call<string>('eth_blockNumber'))),
    async readTransaction(hash) {
      const [transaction, receipt] = await rpc.batch<RpcTransaction | RpcReceipt | null>([
        { method: 'eth_getTransactionByHash', params: [hash] },
        { method: 'eth_getTransactionReceipt', params: [hash] },
      ]);
      if (!transaction) return { state: 'unknown' };
      const mined = receipt as RpcReceipt | null;
      const sent = transaction as RpcTransaction;
      if (!mined || sent.blockNumber === null) return { state: 'pending' };
      const isSuccessful = BigInt(mined.status) === 1n;
      const native: ChainTransfer[] =
        sent.to && BigInt(sent.value) > 0n
          ? [
              {
                settlementKey: `ethereum:${hash}:native`,
                from: sent.from.toLowerCase(),
                to: sent.to.toLowerCase(),
                amountBaseUnits: BigInt(sent.value),
              },
            ]
          : [];
      const tokens = mined.logs
        .filter(
          (log) =>
            !log.removed &&
            log.address.toLowerCase() === token &&
            log.topics[0] === TRANSFER_TOPIC &&
            log.topics.length === 3,
        )
        .map((log) => ({
          settlementKey: `ethereum:${hash}:${Number(BigInt(log.logIndex))}`,
          from: addressOfTopic(log.topics[1] ?? ''),
          to: addressOfTopic(log.topics[2] ?? ''),
          amountBaseUnits: BigInt(log.data === '0x' ? 0 : log.data),
        }));
      return {
        state: 'mined',
        blockHeight: Number(BigInt(mined.blockNumber)),
        isSuccessful,
        transfers: { eth: native, usdt: tokens },
      };
    },
    async unsignedTransfer(coin, to, amountBaseUnits) {
      const [chainId, priorityFee, latest] = await rpc.batch<string | { baseFeePerGas?: string }>([
        { method: 'eth_chainId', params: [] },
        { method: 'eth_maxPriorityFeePerGas', params: [] },
        { method: 'eth_getBlockByNumber', params: ['latest', false] },
      ]);
      const tip = BigInt(priorityFee as string);
      const baseFee = BigInt((latest as { baseFeePerGas?: string }).baseFeePerGas ?? '0x0');
      const common = {
        type: '0x2' as const,
        chainId: chainId as string,
        // Twice the base fee: room for six full blocks of rising fees, the usual wallet margin.
        maxFeePerGas: hex(baseFee * 2n + tip),
        maxPriorityFeePerGas: hex(tip),
      };
      return coin === 'eth'
        ? { ...common, to, value: hex(amountBaseUnits), data: '0x', gas: hex(ETHER_TRANSFER_GAS) }
        : {
            ...common,
            to: token,
            value: '0x0',
            data: `${TRANSFER_SELECTOR}${word(to)}${word(amountBaseUnits.toString(16))}`,
            gas: hex(TOKEN_TRANSFER_GAS),
          };
    },
  };
}

/** The coins a payout of this chain can be in. */
export const isEthereumCoin = (coin: Coin): coin is 'eth' | 'usdt' => coin === 'eth' || coin === 'usdt';
