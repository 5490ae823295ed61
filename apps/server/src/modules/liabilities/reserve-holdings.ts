import type { Coin, ReserveHolding, StatedReserve } from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { followBitcoinOutputs } from '../chain/bitcoin-reserves.ts';
import { addressAt, bitcoinOutputAt, parseAccountKey } from '../chain/chain-keys.ts';
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

/** `balanceOf(address)`: the ERC-20 selector, then the address on 32 bytes. */
const BALANCE_OF = '0x70a08231';
const toHex = (value: number) => `0x${value.toString(16)}`;

/** Where a reserve's money sits: the address itself, or every address its account key handed out. */
async function addressesOf(
  db: Database,
  reserve: ReserveRow,
  config: ChainConfig,
): Promise<{ address: string; childIndex: number | null }[]> {
  if (reserve.kind === 'address' || !reserve.accountKey)
    return [{ address: reserve.address, childIndex: null }];
  const handedOut = await listDerivedAddresses(db, { xpub: reserve.accountKey });
  const account = parseAccountKey(reserve.coin, reserve.accountKey, config.bitcoinNetwork);
  // Derived again from the key, never read back from storage, as deposit addresses are shown.
  const indexes = new Set([...handedOut.map((row) => row.addressIndex), reserve.childIndex ?? 0]);
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({
      address: addressAt(reserve.coin, account, index, config.bitcoinNetwork),
      childIndex: index,
    }));
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

/** Ether and USDT of every Ethereum reserve, all read at the node's newest block. */
async function readEthereum(
  db: Database,
  config: ChainConfig,
  reserves: ReserveRow[],
): Promise<{ block: ReadBlock; reserves: Omit<StatedReserve, 'usdCents'>[] }> {
  if (!config.ethereumRpcUrl)
    throw new Error('ETHEREUM_RPC_URL is not set, so Ethereum reserves cannot be read');
  const rpc = createJsonRpc(config.ethereumRpcUrl, '2.0');
  const height = Number(BigInt(await rpc.call<string>('eth_blockNumber')));
  const block = await rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [toHex(height), false]);
  if (!block) throw new Error(`the Ethereum node has no block ${height}`);
  const read: Omit<StatedReserve, 'usdCents'>[] = [];
  for (const reserve of reserves) {
    const addresses = await addressesOf(db, reserve, config);
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
          amountBaseUnits: BigInt(balances[position] === '0x' ? 0 : (balances[position] ?? 0)).toString(),
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
  const addressesByReserve = await Promise.all(reserves.map((reserve) => addressesOf(db, reserve, config)));
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
    for (const { address, childIndex } of addresses) {
      const script =
        reserve.accountKey && childIndex !== null
          ? bitcoinOutputAt(
              parseAccountKey('btc', reserve.accountKey, config.bitcoinNetwork),
              childIndex,
              config.bitcoinNetwork,
            ).script
          : scriptOf(address, config);
      scripts.set(script, address);
      if (address !== reserve.address) {
        fromHeightByScript.set(script, paidFrom.get(address) ?? Number.MAX_SAFE_INTEGER);
      }
    }
  }
  const { block, outputsByAddress } = await followBitcoinOutputs(db, config.bitcoinRpcUrl, {
    scripts,
    fromHeight: config.bitcoinReservesFromHeight,
    fromHeightByScript,
  });
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
  const readReserves = [...(bitcoin?.reserves ?? []), ...(ethereum?.reserves ?? [])];
  return {
    blocks: {
      ...(bitcoin ? { bitcoin: bitcoin.block } : {}),
      ...(ethereum ? { ethereum: ethereum.block } : {}),
    },
    reserves: readReserves,
  };
}
