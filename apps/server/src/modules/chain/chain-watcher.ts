import type { HDKey } from '@scure/bip32';
import type { Coin } from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Chain } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { createBitcoinSource } from './bitcoin-source.ts';
import {
  type ChainPaymentRow,
  countCreditedAbove,
  detachPaymentsAbove,
  forgetBlocks,
  listActiveWallets,
  listOpenPayments,
  listWatchedAddresses,
  readBlockHash,
  readCursor,
  saveCursor,
} from './chain.repo.ts';
import {
  advancePayment,
  type CreditDeps,
  orphanPayment,
  recordFoundPayment,
  type WatchedAddress,
} from './chain-deposits.service.ts';
import { addressAt, type BitcoinNetwork, bitcoinOutputAt, parseAccountKey } from './chain-keys.ts';
import { readUsdRate } from './chain-rates.ts';
import type { ChainSource, FoundPayment } from './chain-source.ts';
import { createEthereumSource } from './ethereum-source.ts';

/** Advisory lock ids of the watchers, next to the other scheduled jobs' 7_215_0xx. */
const WATCHER_LOCK_ID: Record<Chain, number> = { bitcoin: 7_215_021, ethereum: 7_215_022 };
const COINS_OF_CHAIN: Record<Chain, Coin[]> = { bitcoin: ['btc'], ethereum: ['eth', 'usdt'] };
/** A first run starts this many blocks below the tip, so a payment made while it started is not missed. */
const FIRST_RUN_DEPTH = 6;
/** Blocks read in one run, so one run ends and the lock changes hands on a long catch-up. */
const MAX_BLOCKS_PER_RUN = 500;
/** Block hashes kept for walking back a reorganisation; far deeper than any seen on either chain. */
const KEPT_BLOCKS = 1000;

export interface WatcherDeps extends CreditDeps {
  db: Database;
  source: ChainSource;
  bitcoinNetwork: BitcoinNetwork;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

const accountKeys = new Map<string, HDKey>();
const derived = new Map<string, { watchKey: string; address: string }>();

/**
 * Derived once per process and kept: a derivation costs about 1.3 ms on this machine (1,000 in
 * 1.3-1.4 s), and a key's addresses never change.
 */
function watchKeyOf(
  coin: Coin,
  xpub: string,
  index: number,
  network: BitcoinNetwork,
): { watchKey: string; address: string } {
  const cacheKey = `${xpub}/${index}/${network}`;
  const known = derived.get(cacheKey);
  if (known) return known;
  let account = accountKeys.get(xpub);
  if (!account) {
    account = parseAccountKey(coin, xpub, network);
    accountKeys.set(xpub, account);
  }
  let entry: { watchKey: string; address: string };
  if (coin === 'btc') {
    const output = bitcoinOutputAt(account, index, network);
    entry = { watchKey: output.script, address: output.address };
  } else {
    const address = addressAt(coin, account, index, network);
    entry = { watchKey: address.toLowerCase(), address };
  }
  derived.set(cacheKey, entry);
  return entry;
}

interface Watched {
  /** By output script (Bitcoin) or lower-case address (Ethereum); one address can serve ETH and USDT. */
  byKey: Map<string, WatchedAddress[]>;
  /** The confirmations each coin's active wallet asks for. */
  confirmationsOf: Map<Coin, number>;
}

/**
 * What the watcher matches: every address ever handed out on this chain, derived again from its
 * wallet's key (a changed address column cannot redirect anything).
 */
async function loadWatched(deps: WatcherDeps): Promise<Watched> {
  const coins = COINS_OF_CHAIN[deps.source.chain];
  const [rows, wallets] = await Promise.all([
    listWatchedAddresses(deps.db, { coins }),
    listActiveWallets(deps.db),
  ]);
  const byKey = new Map<string, WatchedAddress[]>();
  for (const row of rows) {
    const { watchKey, address } = watchKeyOf(row.coin, row.xpub, row.addressIndex, deps.bitcoinNetwork);
    const owners = byKey.get(watchKey) ?? [];
    owners.push({
      addressId: row.addressId,
      userId: row.userId,
      coin: row.coin,
      address,
      confirmations: row.confirmations,
    });
    byKey.set(watchKey, owners);
  }
  return { byKey, confirmationsOf: new Map(wallets.map((wallet) => [wallet.coin, wallet.confirmations])) };
}

/**
 * Whose payment it is. USDT sent to someone's ETH address (or the reverse) is still theirs, since
 * both come from one key; it waits for the confirmations of the coin that arrived.
 */
function ownerOf(watched: Watched, payment: FoundPayment): WatchedAddress | undefined {
  const owners = watched.byKey.get(payment.watchKey);
  const owner = owners?.find((candidate) => candidate.coin === payment.coin) ?? owners?.[0];
  if (!owner) return undefined;
  return { ...owner, confirmations: watched.confirmationsOf.get(payment.coin) ?? owner.confirmations };
}

async function recordAll(
  deps: WatcherDeps,
  watched: Watched,
  found: FoundPayment[],
  block: { height: number; hash: string } | null,
  afterwards?: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    for (const payment of found) {
      const owner = ownerOf(watched, payment);
      if (!owner) continue;
      await recordFoundPayment(tx, deps, { found: payment, owner, chain: deps.source.chain, block });
    }
    await afterwards?.(tx);
  });
}

/**
 * Walks back from the cursor to the last block the node still has, forgets the blocks above it and
 * takes the open payments in them out of their blocks; they are found again if the new chain holds them.
 */
async function rewind(
  deps: WatcherDeps,
  cursor: { height: number; blockHash: string },
  tip: number,
): Promise<{ height: number; blockHash: string }> {
  const { chain } = deps.source;
  // The node may now be shorter than the cursor: its blocks above the tip are gone.
  let height = Math.min(cursor.height, tip);
  while (height > 0) {
    const kept = await readBlockHash(deps.db, { chain, height });
    const onNode = await deps.source.blockHashAt(height);
    if (kept === undefined || kept === onNode) break;
    height -= 1;
  }
  const blockHash = await deps.source.blockHashAt(height);
  const lostCredits = await countCreditedAbove(deps.db, { chain, height });
  if (lostCredits > 0) {
    deps.log.error(
      { chain, height, lostCredits },
      'a reorganisation deeper than the confirmations removed credited payments',
    );
  }
  await deps.db.transaction(async (tx) => {
    await detachPaymentsAbove(tx, { chain, height });
    await forgetBlocks(tx, { chain, above: height });
    await saveCursor(tx, { chain, height, blockHash, at: deps.clock.now() });
  });
  deps.log.warn({ chain, from: cursor.height, to: height }, 'chain reorganisation: walked back');
  return { height, blockHash };
}

/**
 * A payment a reorganisation took out of its block gets as many new blocks as it needed
 * confirmations to be mined again; one that left the mempool without a block is gone at once.
 */
function hasWaitedOut(payment: ChainPaymentRow, cursorHeight: number): boolean {
  return (
    payment.detachedAtHeight === null ||
    cursorHeight - payment.detachedAtHeight >= payment.requiredConfirmations
  );
}

/** One run of a chain's watcher: new blocks, the mempool, confirmations, credits and orphans. */
export async function runChainWatcher(deps: WatcherDeps): Promise<void> {
  const { chain } = deps.source;
  const watched = await loadWatched(deps);
  const watchedKeys = new Set(watched.byKey.keys());
  // The mempool is read before the tip: a transaction that leaves it for a block is in a block
  // at or below the tip read next, so it is never taken for gone.
  const pending = deps.source.readPending ? await deps.source.readPending(watchedKeys) : [];
  const tip = await deps.source.tipHeight();
  let cursor = await readCursor(deps.db, { chain });
  if (!cursor) {
    const height = Math.max(0, tip - FIRST_RUN_DEPTH);
    cursor = { height, blockHash: await deps.source.blockHashAt(height) };
    await saveCursor(deps.db, { chain, ...cursor, at: deps.clock.now() });
  }
  for (let read = 0; cursor.height < tip && read < MAX_BLOCKS_PER_RUN; read += 1) {
    const block = await deps.source.readBlock(cursor.height + 1, watchedKeys);
    if (block.parentHash !== cursor.blockHash) {
      cursor = await rewind(deps, cursor, tip);
      continue;
    }
    const next = { height: block.height, blockHash: block.hash };
    await recordAll(deps, watched, block.payments, { height: block.height, hash: block.hash }, (tx) =>
      saveCursor(tx, { chain, ...next, at: deps.clock.now() }),
    );
    cursor = next;
  }
  // A node can have gone back below the cursor (a reorganisation to a shorter chain).
  if (
    tip < cursor.height ||
    (tip === cursor.height && (await deps.source.blockHashAt(tip)) !== cursor.blockHash)
  ) {
    cursor = await rewind(deps, cursor, tip);
  }
  await forgetBlocks(deps.db, { chain, below: cursor.height - KEPT_BLOCKS });
  await recordAll(deps, watched, pending, null);

  const hasCaughtUp = cursor.height >= tip;
  const inMempool = new Set(pending.map((payment) => payment.settlementKey));
  for (const payment of await listOpenPayments(deps.db, { chain })) {
    if (payment.blockHeight !== null) {
      await advancePayment(deps.db, deps, { paymentId: payment.id, cursorHeight: cursor.height });
    } else if (hasCaughtUp && !inMempool.has(payment.settlementKey) && hasWaitedOut(payment, cursor.height)) {
      await orphanPayment(deps.db, deps, { paymentId: payment.id });
    }
  }
}

/** The chains this process could watch: those whose node is configured. */
function configuredSources(config: ChainConfig): ChainSource[] {
  const sources: ChainSource[] = [];
  if (config.bitcoinRpcUrl) sources.push(createBitcoinSource(config.bitcoinRpcUrl));
  if (config.ethereumRpcUrl) sources.push(createEthereumSource(config.ethereumRpcUrl, config.usdtContract));
  return sources;
}

/**
 * Runs each configured chain's watcher where this process holds that chain's advisory lock: one
 * watcher per chain across every process on the database. The returned function stops them.
 */
export function startChainWatchers(
  db: Database,
  config: { chain: ChainConfig; minDepositCents: bigint },
  clock: Clock,
  log: WatcherDeps['log'],
  sources: ChainSource[] = configuredSources(config.chain),
): () => Promise<void> {
  const stops = sources.map((source) => {
    const deps: WatcherDeps = {
      db,
      source,
      clock,
      log,
      rateOf: readUsdRate,
      rateMaxAgeMs: config.chain.rateMaxAgeMs,
      minDepositCents: config.minDepositCents,
      bitcoinNetwork: config.chain.bitcoinNetwork,
    };
    return startRepeating(
      () =>
        runAsLeader(db, WATCHER_LOCK_ID[source.chain], () => runChainWatcher(deps)).catch((error: unknown) =>
          log.error({ err: error, chain: source.chain }, 'chain watcher run failed'),
        ),
      config.chain.pollIntervalMs,
    );
  });
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** One run where this process holds the chain's lock; false when another process is running it. */
export async function runChainWatcherAsLeader(deps: WatcherDeps): Promise<boolean> {
  const ran = await runAsLeader(deps.db, WATCHER_LOCK_ID[deps.source.chain], async () => {
    await runChainWatcher(deps);
    return true;
  });
  return ran ?? false;
}
