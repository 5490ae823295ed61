import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
import type { ReserveSignatureType } from '@vestora/shared';
import { type BitcoinNetwork, bitcoinNetworkParams } from '../chain/chain-keys.ts';

/**
 * Ownership signatures over a reserve challenge (decision 016): BIP-322 "simple" for native SegWit
 * addresses, Bitcoin Core's `signmessage` for legacy ones, EIP-191 `personal_sign` for Ethereum.
 * The standalone verifier checks the same with its own code; the two agreeing is part of the test.
 */

export type ParsedReserveAddress =
  | { chain: 'bitcoin'; type: 'wpkh' | 'pkh'; hash: Uint8Array; script: Uint8Array }
  | { chain: 'ethereum'; address: string };

export type AddressProblem = 'malformed' | 'wrong-network';

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const sha256d = (data: Uint8Array) => sha256(sha256(data));
const hash160 = (data: Uint8Array) => ripemd160(sha256(data));

/** Reads a reserve address of `chain`; a Bitcoin address of another network is told apart from garbage. */
export function parseReserveAddress(
  chain: 'bitcoin' | 'ethereum',
  text: string,
  network: BitcoinNetwork,
): ParsedReserveAddress | AddressProblem {
  if (chain === 'ethereum') {
    return ETHEREUM_ADDRESS.test(text) ? { chain, address: text.toLowerCase() } : 'malformed';
  }
  const decoded = decodeBitcoinAddress(text, network);
  if (decoded) return decoded;
  const otherNetworks: BitcoinNetwork[] = (['mainnet', 'testnet', 'regtest'] as const).filter(
    (other) => other !== network,
  );
  return otherNetworks.some((other) => decodeBitcoinAddress(text, other)) ? 'wrong-network' : 'malformed';
}

function decodeBitcoinAddress(text: string, network: BitcoinNetwork): ParsedReserveAddress | undefined {
  try {
    const decoded = Address(bitcoinNetworkParams(network)).decode(text);
    if (decoded.type !== 'wpkh' && decoded.type !== 'pkh') return undefined;
    return { chain: 'bitcoin', type: decoded.type, hash: decoded.hash, script: OutScript.encode(decoded) };
  } catch {
    return undefined;
  }
}

/** The kind of signature an address can give. */
export function signatureTypeOf(address: ParsedReserveAddress): ReserveSignatureType {
  if (address.chain === 'ethereum') return 'eip191';
  return address.type === 'wpkh' ? 'bip322-simple' : 'bitcoin-legacy';
}

/** Whether `signature` proves that the key of `address` signed `message`. Never throws on bad input. */
export function isOwnershipSignature(
  address: ParsedReserveAddress,
  message: string,
  signature: string,
): boolean {
  try {
    if (address.chain === 'ethereum') return verifyEip191(address.address, message, signature);
    return address.type === 'wpkh'
      ? verifyBip322Simple(address, message, signature)
      : verifyLegacyMessage(address.hash, message, signature);
  } catch {
    return false;
  }
}

/** EIP-191 version 0x45: keccak-256("\x19Ethereum Signed Message:\n" ‖ length ‖ message). */
function verifyEip191(address: string, message: string, signatureHex: string): boolean {
  const bytes = hexToBytes(signatureHex.replace(/^0x/, ''));
  if (bytes.length !== 65) return false;
  const v = bytes[64] as number;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return false;
  const body = utf8ToBytes(message);
  const digest = keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`), body));
  const recovered = secp256k1.recoverPublicKey(
    concatBytes(Uint8Array.of(recovery), bytes.subarray(0, 64)),
    digest,
    { prehash: false },
  );
  const uncompressed = secp256k1.Point.fromBytes(recovered).toBytes(false);
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}` === address;
}

function varInt(value: number): Uint8Array {
  if (value < 0xfd) return Uint8Array.of(value);
  if (value <= 0xffff) return Uint8Array.of(0xfd, value & 0xff, value >> 8);
  const bytes = new Uint8Array(5);
  bytes[0] = 0xfe;
  new DataView(bytes.buffer).setUint32(1, value, true);
  return bytes;
}

const varBytes = (bytes: Uint8Array) => concatBytes(varInt(bytes.length), bytes);

/** Bitcoin Core's `signmessage`: a recoverable signature over the double SHA-256 of the prefixed text. */
function verifyLegacyMessage(publicKeyHash: Uint8Array, message: string, signatureBase64: string): boolean {
  const bytes = base64.decode(signatureBase64);
  if (bytes.length !== 65) return false;
  const header = bytes[0] as number;
  if (header < 27 || header > 34) return false;
  const isCompressed = header >= 31;
  const digest = sha256d(
    concatBytes(varBytes(utf8ToBytes('Bitcoin Signed Message:\n')), varBytes(utf8ToBytes(message))),
  );
  const recovered = secp256k1.recoverPublicKey(
    concatBytes(Uint8Array.of((header - 27) & 3), bytes.subarray(1)),
    digest,
    { prehash: false },
  );
  const publicKey = secp256k1.Point.fromBytes(recovered).toBytes(isCompressed);
  return bytesToHex(hash160(publicKey)) === bytesToHex(publicKeyHash);
}

function taggedHash(tag: string, message: Uint8Array): Uint8Array {
  const tagHash = sha256(utf8ToBytes(tag));
  return sha256(concatBytes(tagHash, tagHash, message));
}

const le32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
};
const ZERO_VALUE = new Uint8Array(8);
const ZERO_WORD = le32(0);
/** The single output of BIP-322's `to_sign`: zero value, OP_RETURN. */
const TO_SIGN_OUTPUTS = concatBytes(ZERO_VALUE, varBytes(Uint8Array.of(0x6a)));

/** Reads a serialized witness stack: item count, then each item with its length. */
function readWitness(bytes: Uint8Array): Uint8Array[] {
  const items: Uint8Array[] = [];
  let offset = 1;
  const count = bytes[0] as number;
  for (let item = 0; item < count; item += 1) {
    const length = bytes[offset] as number;
    if (length >= 0xfd) throw new RangeError('witness item too long for a P2WPKH signature');
    items.push(bytes.subarray(offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  if (offset !== bytes.length) throw new RangeError('bytes after the witness');
  return items;
}

/**
 * BIP-322 "simple" for P2WPKH: the witness of `to_sign`, which spends output 0 of a virtual
 * `to_spend` whose input commits to the message; checked as the network would check the spend,
 * against the BIP143 digest with SIGHASH_ALL.
 */
function verifyBip322Simple(
  address: { hash: Uint8Array; script: Uint8Array },
  message: string,
  signatureBase64: string,
): boolean {
  const [signature, publicKey, ...rest] = readWitness(base64.decode(signatureBase64));
  if (!signature || !publicKey || rest.length > 0 || publicKey.length !== 33) return false;
  if (signature.at(-1) !== 0x01) return false;
  if (bytesToHex(hash160(publicKey)) !== bytesToHex(address.hash)) return false;

  const messageHash = taggedHash('BIP0322-signed-message', utf8ToBytes(message));
  const toSpend = concatBytes(
    ZERO_WORD, // version 0
    varInt(1),
    new Uint8Array(32),
    Uint8Array.of(0xff, 0xff, 0xff, 0xff),
    varBytes(concatBytes(Uint8Array.of(0x00, 0x20), messageHash)),
    ZERO_WORD, // sequence 0
    varInt(1),
    ZERO_VALUE,
    varBytes(address.script),
    ZERO_WORD, // locktime 0
  );
  const outpoint = concatBytes(sha256d(toSpend), ZERO_WORD);
  const scriptCode = concatBytes(Uint8Array.of(0x76, 0xa9, 0x14), address.hash, Uint8Array.of(0x88, 0xac));
  const digest = sha256d(
    concatBytes(
      ZERO_WORD, // version 0
      sha256d(outpoint),
      sha256d(ZERO_WORD),
      outpoint,
      varBytes(scriptCode),
      ZERO_VALUE,
      ZERO_WORD, // sequence 0
      sha256d(TO_SIGN_OUTPUTS),
      ZERO_WORD, // locktime 0
      le32(1), // SIGHASH_ALL
    ),
  );
  return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
    prehash: false,
    format: 'der',
    lowS: false,
  });
}
