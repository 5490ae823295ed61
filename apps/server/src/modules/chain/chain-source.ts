import type { Coin } from '@vestora/shared';
import type { Chain } from '../../db/schema/index.ts';

/** A payment to one of the watched addresses, as read from a block or the mempool. */
export interface FoundPayment {
  settlementKey: string;
  txId: string;
  coin: Coin;
  /** The watched address or script it pays, as `WatchedAddresses` is keyed. */
  watchKey: string;
  amountBaseUnits: bigint;
}

export interface ReadBlock {
  height: number;
  hash: string;
  parentHash: string;
  payments: FoundPayment[];
}

/** What the watcher looks for: output script (Bitcoin) or lower-case address (Ethereum) → coin. */
export type WatchedKeys = ReadonlySet<string>;

/** One chain as the watcher reads it, through the operator's node. */
export interface ChainSource {
  chain: Chain;
  tipHeight(): Promise<number>;
  blockHashAt(height: number): Promise<string>;
  readBlock(height: number, watched: WatchedKeys): Promise<ReadBlock>;
  /** Payments not yet in a block; chains whose mempool is not read answer undefined. */
  readPending?(watched: WatchedKeys): Promise<FoundPayment[]>;
}
