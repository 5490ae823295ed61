import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import type { Coin } from '@vestora/shared';
import { MESSAGES } from '@vestora/shared';
import type { BitcoinNetwork } from '../../lib/crypto-address.ts';
import { AppError } from '../../lib/errors.ts';

export type { BitcoinNetwork };

const base58check = createBase58check(sha256);

/** SLIP-0132 version bytes: what the first four bytes of an extended key say it is. */
const VERSIONS = {
  xpub: 0x0488b21e,
  xprv: 0x0488ade4,
  tpub: 0x043587cf,
  tprv: 0x04358394,
  ypub: 0x049d7cb2,
  yprv: 0x049d7878,
  upub: 0x044a5262,
  uprv: 0x044a4e28,
  zpub: 0x04b24746,
  zprv: 0x04b2430c,
  vpub: 0x045f1cf6,
  vprv: 0x045f18bc,
} as const;
type KeyKind = keyof typeof VERSIONS;

const PRIVATE_KINDS: readonly KeyKind[] = ['xprv', 'tprv', 'yprv', 'uprv', 'zprv', 'vprv'];
const MAINNET_KINDS: readonly KeyKind[] = ['xpub', 'xprv', 'ypub', 'yprv', 'zpub', 'zprv'];
/** Bitcoin: BIP84 accounts, exported by most wallets as zpub/vpub and by some as plain xpub/tpub. */
const BITCOIN_KINDS: Record<BitcoinNetwork, readonly KeyKind[]> = {
  mainnet: ['zpub', 'xpub'],
  testnet: ['vpub', 'tpub'],
  regtest: ['vpub', 'tpub'],
};
/** An account key sits at m/purpose'/coin'/account': three levels below the root. */
const ACCOUNT_DEPTH = 3;

const BECH32_PREFIX: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };

/** The bech32 network btc-signer needs to write a P2WPKH address of each network. */
export function bitcoinNetworkParams(network: BitcoinNetwork) {
  return {
    bech32: BECH32_PREFIX[network],
    pubKeyHash: network === 'mainnet' ? 0x00 : 0x6f,
    scriptHash: network === 'mainnet' ? 0x05 : 0xc4,
    wif: network === 'mainnet' ? 0x80 : 0xef,
  };
}

function kindOf(version: number): KeyKind | undefined {
  return (Object.keys(VERSIONS) as KeyKind[]).find((kind) => VERSIONS[kind] === version);
}

/**
 * Reads an operator's account key and refuses, with a message saying why, anything that is not a
 * public account key of the right coin and network. Private keys are recognised by their version
 * bytes and refused before anything else is read from them.
 */
export function parseAccountKey(coin: Coin, text: string, network: BitcoinNetwork): HDKey {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text.trim());
  } catch {
    throw new AppError('BAD_REQUEST', MESSAGES.walletKeyMalformed);
  }
  if (payload.length !== 78) throw new AppError('BAD_REQUEST', MESSAGES.walletKeyMalformed);
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  const kind = kindOf(version);
  if (kind === undefined) throw new AppError('BAD_REQUEST', MESSAGES.walletKeyMalformed);
  if (PRIVATE_KINDS.includes(kind) || payload[45] === 0) {
    throw new AppError('BAD_REQUEST', MESSAGES.walletKeyPrivate);
  }
  if (coin === 'btc') {
    const isMainnetKey = MAINNET_KINDS.includes(kind);
    if (isMainnetKey !== (network === 'mainnet')) {
      throw new AppError('BAD_REQUEST', MESSAGES.walletKeyWrongNetwork);
    }
    if (!BITCOIN_KINDS[network].includes(kind))
      throw new AppError('BAD_REQUEST', MESSAGES.walletKeyWrongType);
  } else if (kind !== 'xpub') {
    throw new AppError('BAD_REQUEST', MESSAGES.walletEthereumKeyVersion);
  }
  if (payload[4] !== ACCOUNT_DEPTH) throw new AppError('BAD_REQUEST', MESSAGES.walletKeyWrongDepth);
  try {
    return HDKey.fromExtendedKey(text.trim(), { public: version, private: VERSIONS.xprv });
  } catch {
    // The checksum held but the key point is not on the curve.
    throw new AppError('BAD_REQUEST', MESSAGES.walletKeyMalformed);
  }
}

/** The public key of receive address `index` (the external chain, /0/index). */
function receiveKey(account: HDKey, index: number): Uint8Array {
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new Error('a watch-only key derived no public key');
  return key;
}

/** A receive address and the output script a payment to it carries, as Bitcoin Core shows it (hex). */
export function bitcoinOutputAt(
  account: HDKey,
  index: number,
  network: BitcoinNetwork,
): { address: string; script: string } {
  const output = p2wpkh(receiveKey(account, index), bitcoinNetworkParams(network));
  if (!output.address) throw new Error('no P2WPKH address for a derived key');
  return { address: output.address, script: bytesToHex(output.script) };
}

function ethereumAddressAt(account: HDKey, index: number): string {
  const uncompressed = secp256k1.Point.fromBytes(receiveKey(account, index)).toBytes(false);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed.slice(1)).slice(-20)));
}

/** EIP-55: the case of each hex letter carries a checksum, so a mistyped address is caught by wallets. */
export function toChecksumAddress(hexAddress: string): string {
  const lower = hexAddress.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** The receive address `index` of a wallet, derived from its key: never read back from storage. */
export function addressAt(coin: Coin, account: HDKey, index: number, network: BitcoinNetwork): string {
  return coin === 'btc'
    ? bitcoinOutputAt(account, index, network).address
    : ethereumAddressAt(account, index);
}
