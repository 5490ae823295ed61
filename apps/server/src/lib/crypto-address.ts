import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { Coin } from '@vestora/shared';

const base58check = createBase58check(sha256);

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

/** Each network's bech32 prefix and base58 version bytes (P2PKH, P2SH). */
const BITCOIN_NETWORKS: Record<BitcoinNetwork, { prefix: string; versions: readonly number[] }> = {
  mainnet: { prefix: 'bc', versions: [0x00, 0x05] },
  testnet: { prefix: 'tb', versions: [0x6f, 0xc4] },
  regtest: { prefix: 'bcrt', versions: [0x6f, 0xc4] },
};

/**
 * A Bitcoin address of the network the platform runs on (BITCOIN_NETWORK): P2PKH/P2SH in
 * base58check, segwit v0 in bech32, v1+ (taproot) in bech32m.
 */
export function isBitcoinAddress(address: string, network: BitcoinNetwork): boolean {
  const { prefix: expectedPrefix, versions } = BITCOIN_NETWORKS[network];
  if (/^[13mn2]/.test(address)) {
    try {
      const payload = base58check.decode(address);
      return payload.length === 21 && versions.includes(payload[0] ?? -1);
    } catch {
      return false;
    }
  }
  if (address.toLowerCase().startsWith(`${expectedPrefix}1`)) {
    if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
    const lower = address.toLowerCase();
    for (const codec of [bech32, bech32m]) {
      try {
        const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
        const version = words[0];
        if (prefix !== expectedPrefix || version === undefined || version > 16) continue;
        const program = codec.fromWords(words.slice(1));
        const isV0 = version === 0 && codec === bech32 && (program.length === 20 || program.length === 32);
        const isV1Plus = version > 0 && codec === bech32m && program.length >= 2 && program.length <= 40;
        if (isV0 || isV1Plus) return true;
      } catch {}
    }
  }
  return false;
}

/** Ethereum (and ERC-20 USDT): 40 hex digits; mixed case must carry a valid EIP-55 checksum. */
export function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  return [...hex].every((char, index) => {
    const byte = hash[index >> 1] ?? 0;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    return /[0-9]/.test(char) || (nibble >= 8 ? char === char.toUpperCase() : char === char.toLowerCase());
  });
}

/** TRON (where TRC-20 USDT lives): base58check of the 0x41 version byte and a 20-byte account. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === 0x41;
  } catch {
    return false;
  }
}

export function isAddressForCoin(coin: Coin, address: string, network: BitcoinNetwork): boolean {
  if (coin === 'btc') return isBitcoinAddress(address, network);
  if (coin === 'usdt') return isEthereumAddress(address) || isTronAddress(address);
  return isEthereumAddress(address);
}
