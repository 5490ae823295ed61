import type { Coin, ReserveHolding, StatedReserve } from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { followBitcoinOutputs, listBitcoinOutputsAt } from '../chain/bitcoin-reserves.ts';
import { toChecksumAddress } from '../chain/chain-keys.ts';
import { createJsonRpc } from '../chain/json-rpc.ts';
import { parseReserveAddress } from './reserve-signatures.ts';
import { firstPaymentHeights, listDerivedAddresses, type ReserveRow } from './reserves.repo.ts';
import { CHAIN_OF_COIN } from './reserves.service.ts';

export interface ReadBlock {
  height: number;
  hash: string;
}

export interface ReserveReading {
  blocks: { bitcoin?: ReadBlock; ethereum?: ReadBlock };
  reserves: Omit<StatedReserve, 'usdCents'>[];
}

/**
 * How deep in each chain balances are read: a statement is signed once and never changes, so its
 * block must not be replaced by a reorganisation, or no verifier could ever find it again.
 */
export const RESERVE_CONFIRMATIONS = { bitcoin: 6, ethereum: 12 } as const;

/** `balanceOf(address)`: the ERC-20 selector, then the address on 32 bytes. */
const BALANCE_OF = '0x70a08231';
const toHex = (value: number) => `0x${value.toString(16)}`;

/**
 * Where a reserve's money sits: the address itself, or every address its account key handed out,
 * as the deposit watcher matched them (each was derived from the key when it was handed out; a
 * verifier derives every one again from the key, so a stored address that differs is caught).
 */
async function addressesOf(
  db: Database,
  reserve: ReserveRow,
): Promise<{ address: string; childIndex: number | null }[]> {
  if (reserve.kind === 'address' || !reserve.accountKey)
    return [{ address: reserve.address, childIndex: null }];
  const handedOut = await listDerivedAddresses(db, { xpub: reserve.accountKey });
  const canonical = (address: string) =>
    CHAIN_OF_COIN[reserve.coin] === 'ethereum' ? toChecksumAddress(address) : address;
  const byIndex = new Map(handedOut.map((row) => [row.addressIndex, canonical(row.address)]));
  byIndex.set(reserve.childIndex ?? 0, reserve.address);
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([childIndex, address]) => ({ address, childIndex }));
}

function stated(
  reserve: ReserveRow,
  network: string,
  holdings: ReserveHolding[],
): Omit<StatedReserve, 'usdCents'> {
  const funded = holdings.filter((holding) => BigInt(holding.amountBaseUnits) > 0n);
  return {
    coin: reserve.coin,
    network,
    kind: reserve.kind,
    address: reserve.address,
    accountKey: reserve.accountKey,
    childIndex: reserve.childIndex,
    challenge: reserve.challenge,
    signatureType: reserve.signatureType,
    signature: reserve.signature,
    holdings: funded,
    amountBaseUnits: funded.reduce((sum, holding) => sum + BigInt(holding.amountBaseUnits), 0n).toString(),
  };
}

/** A balance as the node answers it; an empty answer means no contract at the USDT address. */
function readBalance(answer: string | undefined, coin: Coin, usdtContract: string): string {
  if (answer === undefined || answer === '0x') {
    throw new Error(
      coin === 'usdt' ? `no ERC-20 contract answers balanceOf at ${usdtContract}` : 'no balance answered',
    );
  }
  return BigInt(answer).toString();
}

/** Ether and USDT of every Ethereum reserve, all read at one block deep enough not to be replaced. */
async function readEthereum(
  db: Database,
  config: ChainConfig,
  reserves: ReserveRow[],
): Promise<{ block: ReadBlock; reserves: Omit<StatedReserve, 'usdCents'>[] }> {
  if (!config.ethereumRpcUrl)
    throw new Error('ETHEREUM_RPC_URL is not set, so Ethereum reserves cannot be read');
  const rpc = createJsonRpc(config.ethereumRpcUrl, '2.0');
  const tip = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  const height = Math.max(0, tip - (RESERVE_CONFIRMATIONS.ethereum - 1));
  const block = await rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHex(height), false]);
  if (!block) throw new Error(`the Ethereum node has no block ${height}`);
  const read: Omit<StatedReserve, 'usdCents'>[] = [];
  for (const reserve of reserves) {
    const addresses = await addressesOf(db, reserve);
    const calls = addresses.map(({ address }) =>
      reserve.coin === 'usdt'
        ? {
            method: 'eth_call',
            params: [
              {
                to: config.usdtContract,
                data: `${BALANCE_OF}${address.slice(2).toLowerCase().padStart(64, '0')}`,
              },
              toHex(height),
            ],
          }
        : { method: 'eth_getBalance', params: [address, toHex(height)] },
    );
    const balances = calls.length === 0 ? [] : await rpc.batch<string>(calls);
    read.push(
      stated(
        reserve,
        'ethereum',
        addresses.map(({ address, childIndex }, position) => ({
          address,
          childIndex,
          amountBaseUnits: readBalance(balances[position], reserve.coin, config.usdtContract),
        })),
      ),
    );
  }
  return { block: { height, hash: block.hash }, reserves: read };
}

/** Bitcoin reserves: the unspent outputs at one block, from the outputs the platform follows itself. */
async function readBitcoin(
  db: Database,
  config: ChainConfig,
  reserves: ReserveRow[],
): Promise<{ block: ReadBlock; reserves: Omit<StatedReserve, 'usdCents'>[] }> {
  if (!config.bitcoinRpcUrl)
    throw new Error('BITCOIN_RPC_URL is not set, so Bitcoin reserves cannot be read');
  const addressesByReserve = await Promise.all(reserves.map((reserve) => addressesOf(db, reserve)));
  const scripts = new Map<string, string>();
  // A deposit address is only ever paid through the deposit watcher, which saw each payment's
  // block: it is followed from its first payment, and one never paid from now on, so a new deposit
  // address never has the chain read again from BITCOIN_RESERVES_FROM_HEIGHT.
  const depositAddresses = addressesByReserve.flatMap((addresses, position) =>
    addresses.filter(({ address }) => address !== reserves[position]?.address).map(({ address }) => address),
  );
  const paidFrom = await firstPaymentHeights(db, { addresses: depositAddresses });
  const fromHeightByScript = new Map<string, number>();
  for (const [position, addresses] of addressesByReserve.entries()) {
    const reserve = reserves[position] as ReserveRow;
    for (const { address } of addresses) {
      const script = scriptOf(address, config);
      scripts.set(script, address);
      if (address !== reserve.address) {
        fromHeightByScript.set(script, paidFrom.get(address) ?? Number.MAX_SAFE_INTEGER);
      }
    }
  }
  const followed = await followBitcoinOutputs(db, config.bitcoinRpcUrl, {
    scripts,
    fromHeight: config.bitcoinReservesFromHeight,
    fromHeightByScript,
  });
  const height = Math.max(0, followed.block.height - (RESERVE_CONFIRMATIONS.bitcoin - 1));
  const rpc = createJsonRpc(config.bitcoinRpcUrl, '1.0');
  const atDepth = await listBitcoinOutputsAt(db, {
    scripts,
    block: { height, hash: await rpc.call<string>('getblockhash', [height]) },
  });
  if (!atDepth) throw new Error(`Bitcoin block ${height} changed while reserves were read`);
  const { block, outputsByAddress } = atDepth;
  return {
    block,
    reserves: reserves.map((reserve, position) =>
      stated(
        reserve,
        config.bitcoinNetwork,
        (addressesByReserve[position] ?? []).map(({ address, childIndex }) => {
          const outputs = (outputsByAddress.get(address) ?? []).map((output) => ({
            txid: output.txid,
            vout: output.vout,
            amountBaseUnits: output.amountBaseUnits.toString(),
          }));
          return {
            address,
            childIndex,
            amountBaseUnits: outputs
              .reduce((sum, output) => sum + BigInt(output.amountBaseUnits), 0n)
              .toString(),
            outputs,
          };
        }),
      ),
    ),
  };
}

function scriptOf(address: string, config: ChainConfig): string {
  const parsed = parseReserveAddress('bitcoin', address, config.bitcoinNetwork);
  if (typeof parsed !== 'object' || parsed.chain !== 'bitcoin')
    throw new Error(`unreadable reserve ${address}`);
  return Buffer.from(parsed.script).toString('hex');
}

/**
 * Each address counted once per coin: an address registered on its own and also handed out by a
 * registered account key is counted where it was registered first.
 */
function withoutRepeats(reserves: Omit<StatedReserve, 'usdCents'>[]): Omit<StatedReserve, 'usdCents'>[] {
  const counted = new Set<string>();
  return reserves.map((reserve) => {
    const holdings = reserve.holdings.filter((holding) => {
      const key = `${reserve.coin}:${holding.address.toLowerCase()}`;
      if (counted.has(key)) return false;
      counted.add(key);
      return true;
    });
    return {
      ...reserve,
      holdings,
      amountBaseUnits: holdings
        .reduce((sum, holding) => sum + BigInt(holding.amountBaseUnits), 0n)
        .toString(),
    };
  });
}

/** Every registered reserve's balance, at one block per chain, in the order registered. */
export async function readReserveHoldings(
  db: Database,
  config: ChainConfig,
  reserves: ReserveRow[],
): Promise<ReserveReading> {
  const onChain = (chain: 'bitcoin' | 'ethereum') =>
    reserves.filter((reserve) => CHAIN_OF_COIN[reserve.coin as Coin] === chain);
  const [bitcoin, ethereum] = await Promise.all([
    onChain('bitcoin').length > 0 ? readBitcoin(db, config, onChain('bitcoin')) : undefined,
    onChain('ethereum').length > 0 ? readEthereum(db, config, onChain('ethereum')) : undefined,
  ]);
  const readReserves = withoutRepeats([...(bitcoin?.reserves ?? []), ...(ethereum?.reserves ?? [])]);
  return {
    blocks: {
      ...(bitcoin ? { bitcoin: bitcoin.block } : {}),
      ...(ethereum ? { ethereum: ethereum.block } : {}),
    },
    reserves: readReserves,
  };
}
