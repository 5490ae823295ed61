#!/usr/bin/env node
// Checks a Vestora proof of solvency on its own, with nothing but Node.js (20 or newer):
//
//   node tools/verify-liabilities.mjs [proof.json] [--url <platform>] [--key <hex>] [--account <userId>]
//        [--bitcoin-rpc <url>] [--ethereum-rpc <url>] [--usdt-contract <0x…>] [--all-snapshots]
//
// proof.json is the file the "Verify my balance" page downloads (GET /api/user/liabilities/proof);
// without it only the published list is checked. The address defaults to the PUBLIC_URL environment
// variable. The script fetches the published list (GET /api/liabilities), which inlines the newest
// snapshot's statement only, fetches any other statement it checks in full from
// GET /api/liabilities/<id>/statement, and checks, exiting 1 at the first mismatch:
//   1. the leaf and its path recompute the proof's root hash and total, and a format 2 leaf is bound
//      to your account (--account, the id shown on the platform's verify page, is required for one);
//   2. that root and total are the ones published for the proof's snapshot (a WARNING names a newer
//      snapshot when there is one: fetch its proof too, an account left out of it would not show);
//   3. every published snapshot is signed by the published Ed25519 key, over the UTF-8 bytes of
//      `id:takenAt:rootHash:rootSum:previousRootHash` (format 1) or the same followed by
//      `:statementHash` (format 2, the SHA-256 hex of its statement text); every statement read, inlined
//      or fetched, hashes to its snapshot's statementHash, and the snapshot's unsigned `figures` are
//      the statement's own;
//   4. every snapshot names its predecessor's root (the first one names 64 zeros), and no format 1
//      snapshot follows a format 2 one;
//   5. with --key, the published key is the one you noted earlier (a platform that swapped its key
//      and re-signed its history would otherwise pass checks 3 and 4);
//   6. the newest format 2 statement (every one with --all-snapshots, and any other the list inlines)
//      names the platform at --url (its origin), adds up (liabilities,
//      reserves, USD values, integer ratios) and counts no address twice, and each of its reserves
//      is signed by the address it names, or by a child of the account key it names, over a
//      challenge in the exact format, dated no later than the snapshot (a WARNING flags test networks);
//   7. with --bitcoin-rpc and --ethereum-rpc, your own nodes confirm the newest statement's balances
//      at the blocks it recorded (every statement's with --all-snapshots).
// Tree format (ethereum/research proof_of_solvency/merkle_sum_tree.py, sums in integer cents):
//   leaf = (SHA-256(salt ‖ UTF-8(leafId)), sum)                         format 1
//   leaf = (SHA-256(nonce ‖ UTF-8(userId) ‖ UTF-8(snapshotId)), sum)    format 2
//   node = (SHA-256(L.hash ‖ L.sum 32-byte big-endian ‖ R.hash ‖ R.sum 32-byte big-endian), L.sum + R.sum)
//   at each level an even index is the left child.
// The formats are those of docs/decisions/016-proof-of-solvency.md. This file deliberately depends
// on nothing in the Vestora repository and on no package, so that it can be downloaded alone: the
// Keccak-256 hash, secp256k1 arithmetic, BIP32, bech32 and base58 it needs are written out below.

import { createHash, createHmac, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const NO_PREVIOUS_ROOT = '0'.repeat(64);
const HASH = /^[0-9a-f]{64}$/;
const SUM = /^(0|[1-9]\d{0,76})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TXID = /^[0-9a-f]{64}$/;
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const MAINNET_USDT_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const DECIMALS = { btc: 8n, eth: 18n, usdt: 6n };
const BITCOIN_NETWORKS = ['mainnet', 'testnet', 'regtest'];
const BASIS_POINTS = 10_000n;
const USAGE =
  'Usage: node tools/verify-liabilities.mjs [proof.json] [--url <platform address>] [--key <hex>] ' +
  '[--account <userId>] [--bitcoin-rpc <url>] [--ethereum-rpc <url>] [--usdt-contract <0x…>] [--all-snapshots]';

export class Mismatch extends Error {}

function fail(message) {
  throw new Mismatch(message);
}

// ---------------------------------------------------------------------------------------------
// Hashes

const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();
const doubleSha256 = (...parts) => sha256(sha256(...parts));
const hash160 = (bytes) => createHash('ripemd160').update(sha256(bytes)).digest();
const hmacSha512 = (key, data) => createHmac('sha512', key).update(data).digest();

/** BIP340 tagged hash: SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ data). */
function taggedHash(tag, data) {
  const tagHash = sha256(Buffer.from(tag, 'utf8'));
  return sha256(tagHash, tagHash, data);
}

const KECCAK_ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
/** Rotation of lane (x, y), indexed x + 5y. */
const KECCAK_ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];
const LANE_MASK = (1n << 64n) - 1n;
const rotateLane = (lane, bits) =>
  bits === 0 ? lane : ((lane << BigInt(bits)) | (lane >> BigInt(64 - bits))) & LANE_MASK;

function keccakPermute(state) {
  for (const roundConstant of KECCAK_ROUND_CONSTANTS) {
    const columns = [0, 1, 2, 3, 4].map(
      (x) => state[x] ^ state[x + 5] ^ state[x + 10] ^ state[x + 15] ^ state[x + 20],
    );
    for (let x = 0; x < 5; x += 1) {
      const mix = columns[(x + 4) % 5] ^ rotateLane(columns[(x + 1) % 5], 1);
      for (let y = 0; y < 25; y += 5) state[x + y] ^= mix;
    }
    const moved = new Array(25);
    for (let x = 0; x < 5; x += 1) {
      for (let y = 0; y < 5; y += 1) {
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotateLane(state[x + 5 * y], KECCAK_ROTATIONS[x + 5 * y]);
      }
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x += 1) {
        state[x + y] = moved[x + y] ^ (~moved[((x + 1) % 5) + y] & LANE_MASK & moved[((x + 2) % 5) + y]);
      }
    }
    state[0] ^= roundConstant;
  }
}

/**
 * Keccak-256 as Ethereum uses it: the original Keccak padding (0x01 … 0x80), which is why Node's
 * sha3-256 (padding 0x06) cannot stand in for it.
 */
export function keccak256(data) {
  const rateBytes = 136;
  const padded = Buffer.alloc((Math.floor(data.length / rateBytes) + 1) * rateBytes);
  Buffer.from(data).copy(padded);
  padded[data.length] ^= 0x01;
  padded[padded.length - 1] ^= 0x80;
  const state = new Array(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rateBytes) {
    for (let lane = 0; lane < rateBytes / 8; lane += 1) {
      state[lane] ^= padded.readBigUInt64LE(offset + lane * 8);
    }
    keccakPermute(state);
  }
  const digest = Buffer.alloc(32);
  for (let lane = 0; lane < 4; lane += 1) digest.writeBigUInt64LE(state[lane], lane * 8);
  return digest;
}

// ---------------------------------------------------------------------------------------------
// secp256k1, in affine coordinates: a handful of signatures and derivations per run, so clarity
// wins over speed, and nothing here handles a secret.

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const G = {
  x: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  y: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
};

const mod = (value, modulus) => {
  const rest = value % modulus;
  return rest >= 0n ? rest : rest + modulus;
};

function invert(value, modulus) {
  let [low, high] = [mod(value, modulus), modulus];
  let [lowFactor, highFactor] = [1n, 0n];
  while (low > 1n) {
    const ratio = high / low;
    [low, high] = [high - ratio * low, low];
    [lowFactor, highFactor] = [highFactor - ratio * lowFactor, lowFactor];
  }
  return mod(lowFactor, modulus);
}

function powMod(base, exponent, modulus) {
  let result = 1n;
  let square = mod(base, modulus);
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** Point addition; null is the point at infinity. */
function addPoints(a, b) {
  if (a === null) return b;
  if (b === null) return a;
  if (a.x === b.x && mod(a.y + b.y, P) === 0n) return null;
  const slope =
    a.x === b.x ? mod(3n * a.x * a.x * invert(2n * a.y, P), P) : mod((b.y - a.y) * invert(b.x - a.x, P), P);
  const x = mod(slope * slope - a.x - b.x, P);
  return { x, y: mod(slope * (a.x - x) - a.y, P) };
}

function multiplyPoint(point, scalar) {
  let result = null;
  let addend = point;
  for (let rest = mod(scalar, N); rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = addPoints(result, addend);
    addend = addPoints(addend, addend);
  }
  return result;
}

/** The curve point with this x and the given parity of y, or null when x is not on the curve. */
function liftX(x, isOdd) {
  if (x >= P) return null;
  const ySquared = mod(x * x * x + 7n, P);
  const y = powMod(ySquared, (P + 1n) / 4n, P);
  if ((y * y) % P !== ySquared) return null;
  return { x, y: ((y & 1n) === 1n) === isOdd ? y : P - y };
}

const toBigInt = (bytes) => (bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`));
const to32Bytes = (value) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

function decodePublicKey(bytes) {
  if (bytes.length === 33 && (bytes[0] === 2 || bytes[0] === 3)) {
    return liftX(toBigInt(bytes.subarray(1)), bytes[0] === 3);
  }
  if (bytes.length === 65 && bytes[0] === 4) {
    const point = { x: toBigInt(bytes.subarray(1, 33)), y: toBigInt(bytes.subarray(33)) };
    return mod(point.y * point.y - point.x ** 3n - 7n, P) === 0n ? point : null;
  }
  return null;
}

function encodePublicKey(point, isCompressed) {
  return isCompressed
    ? Buffer.concat([Buffer.from([point.y & 1n ? 3 : 2]), to32Bytes(point.x)])
    : Buffer.concat([Buffer.from([4]), to32Bytes(point.x), to32Bytes(point.y)]);
}

function verifyEcdsa(digest, { r, s }, publicKey) {
  if (r < 1n || r >= N || s < 1n || s >= N) return false;
  const inverseS = invert(s, N);
  const point = addPoints(
    multiplyPoint(G, mod(toBigInt(digest) * inverseS, N)),
    multiplyPoint(publicKey, mod(r * inverseS, N)),
  );
  return point !== null && mod(point.x, N) === r;
}

/** The public key whose signature (r, s) over digest carries this recovery id, or null. */
function recoverPublicKey(digest, { r, s }, recoveryId) {
  if (r < 1n || r >= N || s < 1n || s >= N) return null;
  const nonce = liftX(r + (recoveryId & 2 ? N : 0n), (recoveryId & 1) === 1);
  if (nonce === null) return null;
  const inverseR = invert(r, N);
  return addPoints(
    multiplyPoint(nonce, mod(s * inverseR, N)),
    multiplyPoint(G, mod(-toBigInt(digest) * inverseR, N)),
  );
}

/** Strict DER (BIP66): 0x30 len 0x02 len r 0x02 len s, minimal positive integers, nothing after. */
function parseDerSignature(der) {
  const readInteger = (offset) => {
    if (der[offset] !== 0x02) return null;
    const length = der[offset + 1];
    const bytes = der.subarray(offset + 2, offset + 2 + length);
    if (length === 0 || bytes.length !== length || bytes[0] & 0x80) return null;
    if (length > 1 && bytes[0] === 0 && !(bytes[1] & 0x80)) return null;
    return { value: toBigInt(bytes), end: offset + 2 + length };
  };
  if (der.length < 8 || der[0] !== 0x30 || der[1] !== der.length - 2) return null;
  const r = readInteger(2);
  const s = r && readInteger(r.end);
  if (!s || s.end !== der.length) return null;
  return { r: r.value, s: s.value };
}

// ---------------------------------------------------------------------------------------------
// Encodings: base58check, bech32/bech32m, Bitcoin serialisation

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The payload of a base58check text, or null when it is not one (bad letter or checksum). */
function decodeBase58Check(text) {
  let value = 0n;
  for (const letter of text) {
    const digit = BASE58_ALPHABET.indexOf(letter);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(leadingZeros), body]);
  if (bytes.length < 4) return null;
  const payload = bytes.subarray(0, -4);
  return doubleSha256(payload).subarray(0, 4).equals(bytes.subarray(-4)) ? payload : null;
}

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;
const BECH32_PREFIX = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };

function bech32Polymod(values) {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) checksum ^= generators[bit];
  }
  return checksum >>> 0;
}

const expandPrefix = (prefix) => [
  ...[...prefix].map((letter) => letter.charCodeAt(0) >> 5),
  0,
  ...[...prefix].map((letter) => letter.charCodeAt(0) & 31),
];

/** Regroups bits, as bech32 does between its 5-bit letters and bytes; null on leftover bits. */
function convertBits(values, fromBits, toBits, isPadded) {
  let accumulator = 0;
  let bitCount = 0;
  const out = [];
  for (const value of values) {
    accumulator = (accumulator << fromBits) | value;
    bitCount += fromBits;
    while (bitCount >= toBits) {
      bitCount -= toBits;
      out.push((accumulator >> bitCount) & ((1 << toBits) - 1));
    }
    accumulator &= (1 << bitCount) - 1;
  }
  if (isPadded && bitCount > 0) out.push((accumulator << (toBits - bitCount)) & ((1 << toBits) - 1));
  else if (!isPadded && (bitCount >= fromBits || accumulator !== 0)) return null;
  return out;
}

/** A segwit address (BIP173 for version 0, BIP350 for later versions), or null. */
function decodeSegwitAddress(text) {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) return null;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || lower.length - separator - 1 < 7) return null;
  const prefix = lower.slice(0, separator);
  const letters = [...lower.slice(separator + 1)].map((letter) => BECH32_ALPHABET.indexOf(letter));
  if (letters.includes(-1)) return null;
  const checksum = bech32Polymod([...expandPrefix(prefix), ...letters]);
  const [version, ...data] = letters.slice(0, -6);
  if (version === undefined || version > 16) return null;
  if (checksum !== (version === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT)) return null;
  const program = convertBits(data, 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { prefix, version, program: Buffer.from(program) };
}

function encodeSegwitAddress(prefix, version, program) {
  const data = [version, ...convertBits(program, 8, 5, true)];
  const checksum = bech32Polymod([...expandPrefix(prefix), ...data, 0, 0, 0, 0, 0, 0]) ^ BECH32_CONSTANT;
  const checksumLetters = [25, 20, 15, 10, 5, 0].map((shift) => (checksum >> shift) & 31);
  return `${prefix}1${[...data, ...checksumLetters].map((value) => BECH32_ALPHABET[value]).join('')}`;
}

/**
 * A Bitcoin address the statement may name: native SegWit P2WPKH or legacy P2PKH. Returns what it
 * pays to, the networks it belongs to and its output script (as a node shows it, in hex), or null.
 */
function readBitcoinAddress(address) {
  const segwit = decodeSegwitAddress(address);
  if (segwit) {
    const network = Object.keys(BECH32_PREFIX).find((name) => BECH32_PREFIX[name] === segwit.prefix);
    if (!network || segwit.version !== 0 || segwit.program.length !== 20) return null;
    return {
      type: 'p2wpkh',
      networks: [network],
      keyHash: segwit.program,
      script: `0014${segwit.program.toString('hex')}`,
    };
  }
  const payload = decodeBase58Check(address);
  if (payload?.length !== 21 || (payload[0] !== 0x00 && payload[0] !== 0x6f)) return null;
  // Testnet and regtest share the legacy version byte.
  const keyHash = payload.subarray(1);
  return {
    type: 'p2pkh',
    networks: payload[0] === 0x00 ? ['mainnet'] : ['testnet', 'regtest'],
    keyHash,
    script: `76a914${keyHash.toString('hex')}88ac`,
  };
}

function compactSize(length) {
  if (length < 0xfd) return Buffer.from([length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = 0xfd;
  bytes.writeUInt16LE(length, 1);
  return bytes;
}

const varString = (bytes) => Buffer.concat([compactSize(bytes.length), bytes]);

/** A witness stack as BIP-322 serialises it: item count, then each item with its length. */
function readWitnessStack(bytes) {
  const readSize = (offset) => {
    if (bytes[offset] < 0xfd) return { value: bytes[offset], end: offset + 1 };
    if (bytes[offset] === 0xfd && offset + 3 <= bytes.length)
      return { value: bytes.readUInt16LE(offset + 1), end: offset + 3 };
    return null;
  };
  const count = readSize(0);
  if (!count) return null;
  const items = [];
  let offset = count.end;
  for (let item = 0; item < count.value; item += 1) {
    const size = readSize(offset);
    if (!size || size.end + size.value > bytes.length) return null;
    items.push(bytes.subarray(size.end, size.end + size.value));
    offset = size.end + size.value;
  }
  return offset === bytes.length ? items : null;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

// ---------------------------------------------------------------------------------------------
// Ownership signatures

const uint32LE = (value) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const ZERO_AMOUNT = Buffer.alloc(8);

/**
 * The BIP143 digest a BIP-322 "simple" signature of `message` by the P2WPKH `keyHash` signs: that of
 * the virtual `to_sign` transaction spending output 0 of the virtual `to_spend` one.
 */
function bip322Digest(keyHash, message) {
  const outputScript = Buffer.concat([Buffer.from([0x00, 0x14]), keyHash]);
  const messageHash = taggedHash('BIP0322-signed-message', Buffer.from(message, 'utf8'));
  const toSpend = Buffer.concat([
    uint32LE(0), // version
    compactSize(1),
    Buffer.alloc(32), // previous txid: none
    uint32LE(0xffffffff),
    varString(Buffer.concat([Buffer.from([0x00, 0x20]), messageHash])), // OP_0 PUSH32 message hash
    uint32LE(0), // sequence
    compactSize(1),
    ZERO_AMOUNT,
    varString(outputScript),
    uint32LE(0), // lock time
  ]);
  const toSpendOutpoint = Buffer.concat([doubleSha256(toSpend), uint32LE(0)]);
  const toSignOutputs = Buffer.concat([ZERO_AMOUNT, varString(Buffer.from([0x6a]))]); // OP_RETURN
  const scriptCode = Buffer.concat([Buffer.from([0x76, 0xa9, 0x14]), keyHash, Buffer.from([0x88, 0xac])]);
  return doubleSha256(
    uint32LE(0), // to_sign version
    doubleSha256(toSpendOutpoint), // hashPrevouts
    doubleSha256(uint32LE(0)), // hashSequence
    toSpendOutpoint,
    varString(scriptCode),
    ZERO_AMOUNT,
    uint32LE(0), // sequence
    doubleSha256(toSignOutputs), // hashOutputs
    uint32LE(0), // lock time
    uint32LE(1), // SIGHASH_ALL
  );
}

function verifyBip322Simple(address, message, signature) {
  const target = readBitcoinAddress(address);
  if (target?.type !== 'p2wpkh') return `${address} is not a native SegWit (P2WPKH) address.`;
  if (!BASE64.test(signature)) return 'The BIP-322 signature is not base64.';
  const stack = readWitnessStack(Buffer.from(signature, 'base64'));
  if (stack?.length !== 2) return 'The BIP-322 signature is not a two-item witness stack.';
  const [signatureWithType, publicKeyBytes] = stack;
  // Only SIGHASH_ALL: the type BIP-322 wallets sign with, and the only one bip322Digest computes.
  if (signatureWithType.at(-1) !== 0x01) return 'The BIP-322 signature does not use SIGHASH_ALL.';
  const ecdsaSignature = parseDerSignature(signatureWithType.subarray(0, -1));
  if (!ecdsaSignature) return 'The BIP-322 signature is not a strict DER signature.';
  const publicKey = publicKeyBytes.length === 33 ? decodePublicKey(publicKeyBytes) : null;
  if (!publicKey) return 'The BIP-322 witness does not carry a compressed public key.';
  if (!hash160(publicKeyBytes).equals(target.keyHash)) return `The signing key is not the key of ${address}.`;
  return verifyEcdsa(bip322Digest(target.keyHash, message), ecdsaSignature, publicKey)
    ? null
    : `The BIP-322 signature is not a signature of the challenge by ${address}.`;
}

function verifyBitcoinLegacy(address, message, signature) {
  const target = readBitcoinAddress(address);
  if (target?.type !== 'p2pkh') return `${address} is not a legacy (P2PKH) address.`;
  const bytes = BASE64.test(signature) ? Buffer.from(signature, 'base64') : Buffer.alloc(0);
  // Header 27–30: recovery id for an uncompressed key, 31–34: for a compressed one.
  if (bytes.length !== 65 || bytes[0] < 27 || bytes[0] > 34)
    return 'The signature is not a 65-byte Bitcoin signed message.';
  const digest = doubleSha256(
    varString(Buffer.from('Bitcoin Signed Message:\n', 'utf8')),
    varString(Buffer.from(message, 'utf8')),
  );
  const recovered = recoverPublicKey(
    digest,
    { r: toBigInt(bytes.subarray(1, 33)), s: toBigInt(bytes.subarray(33)) },
    (bytes[0] - 27) & 3,
  );
  const isSignedByAddress =
    recovered !== null && hash160(encodePublicKey(recovered, bytes[0] >= 31)).equals(target.keyHash);
  return isSignedByAddress ? null : `The signed message is not a signature of the challenge by ${address}.`;
}

function ethereumAddressOf(point) {
  return `0x${keccak256(encodePublicKey(point, false).subarray(1)).subarray(12).toString('hex')}`;
}

function verifyEip191(address, message, signature) {
  if (!ETHEREUM_ADDRESS.test(address)) return `${address} is not an Ethereum address.`;
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return 'The signature is not 65 bytes of 0x-hex.';
  const bytes = Buffer.from(signature.slice(2), 'hex');
  const v = bytes[64] >= 27 ? bytes[64] - 27 : bytes[64];
  if (v !== 0 && v !== 1) return 'The signature has no valid v (27/28 or 0/1).';
  const text = Buffer.from(message, 'utf8');
  const digest = keccak256(
    Buffer.concat([Buffer.from(`\x19Ethereum Signed Message:\n${text.length}`), text]),
  );
  const recovered = recoverPublicKey(
    digest,
    { r: toBigInt(bytes.subarray(0, 32)), s: toBigInt(bytes.subarray(32, 64)) },
    v,
  );
  const isSignedByAddress = recovered !== null && ethereumAddressOf(recovered) === address.toLowerCase();
  return isSignedByAddress ? null : `The signature is not a signature of the challenge by ${address}.`;
}

const SIGNATURE_VERIFIERS = {
  'bip322-simple': verifyBip322Simple,
  'bitcoin-legacy': verifyBitcoinLegacy,
  eip191: verifyEip191,
};
const SIGNATURE_TYPES_BY_COIN = {
  btc: ['bip322-simple', 'bitcoin-legacy'],
  eth: ['eip191'],
  usdt: ['eip191'],
};

/**
 * Checks that `signature` signs `challenge` by `address`, and that a Bitcoin address belongs to
 * `network`. Returns null when it does, otherwise the problem in one sentence.
 */
export function verifyReserveSignature({ coin, network, address, challenge, signatureType, signature }) {
  if (!SIGNATURE_TYPES_BY_COIN[coin]?.includes(signatureType))
    return `A ${coin} reserve cannot be signed with ${signatureType}.`;
  if (typeof address !== 'string' || typeof challenge !== 'string' || typeof signature !== 'string')
    return 'The reserve has no address, challenge or signature text.';
  if (coin === 'btc') {
    const target = readBitcoinAddress(address);
    if (!target) return `${address} is not a Bitcoin address this verifier reads (P2WPKH or P2PKH).`;
    if (!target.networks.includes(network)) return `${address} is not a ${network} address.`;
  }
  return SIGNATURE_VERIFIERS[signatureType](address, challenge, signature);
}

// ---------------------------------------------------------------------------------------------
// Account keys (BIP32 public derivation)

/** SLIP-0132 public versions, and the networks whose addresses each may derive. */
const ACCOUNT_KEY_VERSIONS = {
  76067358: { name: 'xpub', networks: ['mainnet', 'ethereum'] },
  78792518: { name: 'zpub', networks: ['mainnet'] },
  70617039: { name: 'tpub', networks: ['testnet', 'regtest'] },
  73342198: { name: 'vpub', networks: ['testnet', 'regtest'] },
};

function readAccountKey(text, network) {
  const payload = typeof text === 'string' ? decodeBase58Check(text) : null;
  if (payload?.length !== 78) fail(`${text} is not an extended public key.`);
  const version = ACCOUNT_KEY_VERSIONS[payload.readUInt32BE(0)];
  if (!version) fail(`${text} is not an xpub, zpub, tpub or vpub.`);
  if (!version.networks.includes(network)) fail(`The ${version.name} ${text} is not a key for ${network}.`);
  const point = decodePublicKey(payload.subarray(45));
  if (!point || payload[45] === 0) fail(`${text} does not hold a public key on the curve.`);
  return { point, chainCode: payload.subarray(13, 45) };
}

/** BIP32 CKDpub: the non-hardened child `index` of a public key and chain code. */
function deriveChild({ point, chainCode }, index) {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000)
    fail(`Child index ${index} is not a non-hardened index.`);
  const data = Buffer.concat([encodePublicKey(point, true), Buffer.alloc(4)]);
  data.writeUInt32BE(index, 33);
  const digest = hmacSha512(chainCode, data);
  const tweak = toBigInt(digest.subarray(0, 32));
  const child = tweak < N ? addPoints(multiplyPoint(G, tweak), point) : null;
  if (child === null) fail(`Child ${index} of the account key is invalid; BIP32 skips it.`);
  return { point: child, chainCode: digest.subarray(32) };
}

/**
 * The receive address accountKey/0/childIndex: P2WPKH for Bitcoin (with the network's bech32
 * prefix), the Keccak-256 address for Ethereum ("ethereum"), lower-case.
 */
export function deriveChildAddress(accountKey, childIndex, network) {
  const child = deriveChild(deriveChild(readAccountKey(accountKey, network), 0), childIndex);
  if (network === 'ethereum') return ethereumAddressOf(child.point);
  return encodeSegwitAddress(BECH32_PREFIX[network], 0, hash160(encodePublicKey(child.point, true)));
}

// ---------------------------------------------------------------------------------------------
// The statement of a format 2 snapshot

function amountOf(value, what) {
  if (typeof value !== 'string' || !SUM.test(value)) fail(`${what} is not a decimal string of an integer.`);
  return BigInt(value);
}

/** Addresses as compared: Ethereum and bech32 ones are case-insensitive, base58 ones are not. */
function normaliseAddress(address) {
  if (typeof address !== 'string') return '';
  return ETHEREUM_ADDRESS.test(address) || decodeSegwitAddress(address) ? address.toLowerCase() : address;
}

const CHALLENGE_TITLE = 'Vestora proof of reserves';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day (YYYY-MM-DD) of a snapshot's takenAt. */
function dateOf(takenAt) {
  const time = typeof takenAt === 'string' ? Date.parse(takenAt) : Number.NaN;
  if (Number.isNaN(time)) fail(`the snapshot's takenAt ${takenAt} is not a time.`);
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * Reads a challenge in the exact format of decision 016, and nothing else: the title, then
 * `Platform: `, `Address: `, `Account key: ` (for a reserve of kind account, and only then) and
 * `Date: YYYY-MM-DD` last. Returns { platform, address, accountKey, date }.
 */
export function parseChallenge(challenge, kind) {
  if (typeof challenge !== 'string') fail('no challenge.');
  const names = ['Platform', 'Address', ...(kind === 'account' ? ['Account key'] : []), 'Date'];
  const lines = challenge.split('\n');
  if (lines[0] !== CHALLENGE_TITLE || lines.length !== names.length + 1) {
    fail(
      `the challenge is not "${CHALLENGE_TITLE}" followed by the lines ${names.map((name) => `${name}:`).join(', ')} ` +
        'and nothing else.',
    );
  }
  const values = names.map((name, position) => {
    const line = lines[position + 1];
    if (!line.startsWith(`${name}: `)) fail(`line ${position + 2} of the challenge is not "${name}: …".`);
    return line.slice(name.length + 2);
  });
  const [platform, address] = values;
  const date = values.at(-1);
  const day = DATE.test(date) ? new Date(`${date}T00:00:00.000Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    fail(`the challenge date ${date} is not a date (YYYY-MM-DD).`);
  return { platform, address, accountKey: kind === 'account' ? values[2] : null, date };
}

const basisPoints = (numerator, denominator) =>
  denominator === 0n ? null : (numerator * BASIS_POINTS) / denominator;

function checkReserve(reserve, position, { statement, takenOn, counted }) {
  const label = `Reserve ${position + 1} (${reserve?.coin} ${reserve?.address})`;
  const { coin, network, kind, address, challenge } = reserve ?? {};
  if (!(coin in DECIMALS)) fail(`${label}: unknown coin.`);
  const isBitcoin = coin === 'btc';
  if (isBitcoin ? !BITCOIN_NETWORKS.includes(network) : network !== 'ethereum')
    fail(`${label}: network ${network} is not a ${coin} network.`);
  if (kind !== 'address' && kind !== 'account') fail(`${label}: kind must be address or account.`);
  let parsed;
  try {
    parsed = parseChallenge(challenge, kind);
  } catch (error) {
    if (error instanceof Mismatch) fail(`${label}: ${error.message}`);
    throw error;
  }
  const { platform, address: challengedAddress, accountKey: challengedKey, date } = parsed;
  if (platform !== statement.platform)
    fail(`${label}: the challenge names the platform ${platform}, not ${statement.platform}.`);
  if (normaliseAddress(challengedAddress) !== normaliseAddress(address))
    fail(`${label}: the challenge names the address ${challengedAddress}.`);
  if (date > takenOn)
    fail(`${label}: the challenge is dated ${date}, after the snapshot was taken (${takenOn}).`);
  const problem = verifyReserveSignature(reserve);
  if (problem) fail(`${label}: ${problem}`);

  const derivedAddress = (childIndex) =>
    deriveChildAddress(reserve.accountKey, childIndex, isBitcoin ? network : 'ethereum');
  if (kind === 'account') {
    if (challengedKey !== reserve.accountKey)
      fail(`${label}: the challenge names the account key ${challengedKey}, not ${reserve.accountKey}.`);
    if (normaliseAddress(derivedAddress(reserve.childIndex)) !== normaliseAddress(address))
      fail(`${label}: the signer is not child 0/${reserve.childIndex} of account key ${reserve.accountKey}.`);
  }

  if (!Array.isArray(reserve.holdings)) fail(`${label}: no list of holdings.`);
  let holdingsTotal = 0n;
  for (const holding of reserve.holdings) {
    const holdingLabel = `${label}, holding ${holding?.address}`;
    const amount = amountOf(holding?.amountBaseUnits, `${holdingLabel}: amountBaseUnits`);
    const expectedAddress = kind === 'account' ? derivedAddress(holding.childIndex) : address;
    if (normaliseAddress(holding.address) !== normaliseAddress(expectedAddress)) {
      fail(
        kind === 'account'
          ? `${holdingLabel}: not child 0/${holding.childIndex} of account key ${reserve.accountKey}.`
          : `${holdingLabel}: a reserve of kind address holds only its own address.`,
      );
    }
    const holdingKey = `${coin}:${normaliseAddress(holding.address)}`;
    if (counted.has(holdingKey)) fail(`${holdingLabel}: the address is counted twice.`);
    counted.add(holdingKey);
    if (isBitcoin) {
      if (!readBitcoinAddress(holding.address)?.networks.includes(network))
        fail(`${holdingLabel}: not a ${network} address.`);
      if (!Array.isArray(holding.outputs)) fail(`${holdingLabel}: no list of outputs.`);
      let outputsTotal = 0n;
      for (const output of holding.outputs) {
        if (!TXID.test(output?.txid ?? '') || !Number.isSafeInteger(output.vout) || output.vout < 0)
          fail(`${holdingLabel}: an output has no txid and vout.`);
        const outpoint = `${output.txid}:${output.vout}`;
        if (counted.has(outpoint)) fail(`${holdingLabel}: output ${outpoint} is counted twice.`);
        counted.add(outpoint);
        outputsTotal += amountOf(output.amountBaseUnits, `${holdingLabel}: output ${outpoint}`);
      }
      if (outputsTotal !== amount)
        fail(`${holdingLabel}: its outputs add up to ${outputsTotal}, not ${amount} as published.`);
    }
    holdingsTotal += amount;
  }
  const amount = amountOf(reserve.amountBaseUnits, `${label}: amountBaseUnits`);
  if (holdingsTotal !== amount)
    fail(`${label}: its holdings add up to ${holdingsTotal}, not ${amount} as published.`);
  const rate = amountOf(statement.rates?.[coin]?.usdCentsPerCoin, `The ${coin} rate`);
  const usdCents = (amount * rate) / 10n ** DECIMALS[coin];
  if (amountOf(reserve.usdCents, `${label}: usdCents`) !== usdCents)
    fail(
      `${label}: ${amount} base units at ${rate} cents per coin are ${usdCents} cents, not ${reserve.usdCents}.`,
    );
  return usdCents;
}

function checkBlock(block, chain, hashPattern) {
  if (!Number.isSafeInteger(block?.height) || block.height < 0 || !hashPattern.test(block.hash ?? ''))
    fail(`The statement records no ${chain} block (height and hash) its balances were read at.`);
}

/**
 * Checks the statement a format 2 snapshot signs: parses its text as published, checks it names
 * `platform` (the origin the user is checking), and recomputes every sum, USD value and ratio in it
 * and every reserve's challenge and ownership signature. Returns the parsed statement; throws
 * Mismatch at the first difference.
 */
export function checkStatement(snapshot, platform) {
  if (typeof platform !== 'string') throw new TypeError('checkStatement needs the platform origin.');
  let statement;
  try {
    statement = JSON.parse(snapshot.statement);
  } catch {
    fail(`Snapshot ${snapshot.id}: the statement is not JSON text.`);
  }
  try {
    if (statement?.format !== 2) fail('the statement is not format 2.');
    if (typeof statement.platform !== 'string') fail('the statement names no platform.');
    if (statement.platform !== platform)
      fail(`the statement names the platform ${statement.platform}, but you are checking ${platform}.`);
    const takenOn = dateOf(snapshot.takenAt);
    const liabilities = amountOf(statement.liabilitiesCents, 'liabilitiesCents');
    if (statement.liabilitiesCents !== snapshot.rootSum)
      fail(`the statement owes ${statement.liabilitiesCents} cents, the tree ${snapshot.rootSum}.`);
    if (!Array.isArray(statement.reserves)) fail('the statement lists no reserves.');
    const counted = new Set();
    let reservesTotal = 0n;
    statement.reserves.forEach((reserve, position) => {
      reservesTotal += checkReserve(reserve, position, { statement, takenOn, counted });
    });
    const holds = (coins) =>
      statement.reserves.some((reserve) => coins.includes(reserve.coin) && reserve.holdings.length > 0);
    if (holds(['btc'])) checkBlock(statement.blocks?.bitcoin, 'Bitcoin', HASH);
    if (holds(['eth', 'usdt'])) checkBlock(statement.blocks?.ethereum, 'Ethereum', /^0x[0-9a-fA-F]{64}$/);

    if (amountOf(statement.reservesUsdCents, 'reservesUsdCents') !== reservesTotal)
      fail(`the reserves add up to ${reservesTotal} cents, not ${statement.reservesUsdCents} as published.`);
    // Shown, never counted: a ledger figure whose coins, if any, are already among the reserves.
    amountOf(statement.yieldReserveCents, 'yieldReserveCents');
    const promisedReturns = amountOf(statement.promisedReturnsCents, 'promisedReturnsCents');
    const ratios = {
      solvencyBasisPoints: basisPoints(reservesTotal, liabilities),
      coverageBasisPoints: basisPoints(reservesTotal, liabilities + promisedReturns),
    };
    for (const [name, expected] of Object.entries(ratios)) {
      const stated = statement[name];
      if (stated !== null && !(typeof stated === 'number' && Number.isSafeInteger(stated)))
        fail(`${name} is ${JSON.stringify(stated)}, not an integer or null.`);
      if ((stated === null ? null : BigInt(stated)) !== expected)
        fail(`${name} is ${stated}, but the published amounts give ${expected}.`);
    }
  } catch (error) {
    if (error instanceof Mismatch) fail(`Snapshot ${snapshot.id}: ${error.message}`);
    throw error;
  }
  return statement;
}

// ---------------------------------------------------------------------------------------------
// The proof and the published chain

function sumBytes(sum) {
  const bytes = Buffer.alloc(32);
  let rest = sum;
  for (let index = 31; rest > 0n; index -= 1) {
    if (index < 0) fail('A sum does not fit in 32 bytes.');
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

const formatOf = (record) => record.format ?? 1;

function checkProofShape(proof) {
  const { leaf, path, index, leafCount } = proof;
  if (formatOf(proof) === 2) {
    if (
      !leaf ||
      !UUID.test(leaf.userId ?? '') ||
      !UUID.test(proof.snapshotId ?? '') ||
      !HASH.test(leaf.nonce ?? '') ||
      !SUM.test(leaf.sum ?? '')
    ) {
      fail(
        'The proof has no readable format 2 leaf (userId and snapshotId as UUIDs, 32-byte hex nonce, sum).',
      );
    }
  } else if (formatOf(proof) !== 1) {
    fail(`The proof has format ${proof.format}, which this verifier does not know.`);
  } else if (
    !leaf ||
    typeof leaf.leafId !== 'string' ||
    !HASH.test(leaf.salt ?? '') ||
    !SUM.test(leaf.sum ?? '')
  ) {
    fail('The proof has no readable leaf (leafId, 32-byte hex salt, sum in cents).');
  }
  if (!HASH.test(proof.rootHash ?? '') || !SUM.test(proof.rootSum ?? ''))
    fail('The proof has no readable root.');
  if (
    !Array.isArray(path) ||
    !path.every((step) => HASH.test(step?.hash ?? '') && SUM.test(step?.sum ?? ''))
  ) {
    fail('The proof path is not a list of { hash, sum }.');
  }
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || 2 ** path.length !== leafCount) {
    fail('The path length does not match the leaf count.');
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount)
    fail('The leaf index is outside the tree.');
}

/** The leaf hash of a proof, hex: format 1 SHA-256(salt ‖ leafId), format 2 SHA-256(nonce ‖ userId ‖ snapshotId). */
export function recomputeLeaf(proof) {
  const { leaf } = proof;
  const hash =
    formatOf(proof) === 2
      ? sha256(
          Buffer.from(leaf.nonce, 'hex'),
          Buffer.from(leaf.userId, 'utf8'),
          Buffer.from(proof.snapshotId, 'utf8'),
        )
      : sha256(Buffer.from(leaf.salt, 'hex'), Buffer.from(leaf.leafId, 'utf8'));
  return hash.toString('hex');
}

function recomputeRoot(proof) {
  let hash = Buffer.from(recomputeLeaf(proof), 'hex');
  let sum = BigInt(proof.leaf.sum);
  let index = proof.index;
  for (const step of proof.path) {
    const sibling = { hash: Buffer.from(step.hash, 'hex'), sum: BigInt(step.sum) };
    const [left, right] = index % 2 === 0 ? [{ hash, sum }, sibling] : [sibling, { hash, sum }];
    hash = sha256(left.hash, sumBytes(left.sum), right.hash, sumBytes(right.sum));
    sum = left.sum + right.sum;
    index = Math.floor(index / 2);
  }
  return { hash: hash.toString('hex'), sum: sum.toString() };
}

/** What a snapshot's signature covers: format 2 adds its statementHash (SHA-256 hex of the statement text). */
function signedMessage(snapshot) {
  const fields = [
    snapshot.id,
    snapshot.takenAt,
    snapshot.rootHash,
    snapshot.rootSum,
    snapshot.previousRootHash,
  ];
  if (formatOf(snapshot) === 2) fields.push(snapshot.statementHash);
  return fields.join(':');
}

const FIGURES = ['liabilitiesCents', 'reservesUsdCents', 'solvencyBasisPoints', 'coverageBasisPoints'];

/**
 * Checks a format 2 statement text against its snapshot in the list: its SHA-256 is the signed
 * statementHash, and the snapshot's figures (unsigned, when given) are the statement's own. `source`
 * says where the text came from, for the message.
 */
function checkStatementText(snapshot, text, source) {
  const hash = sha256(Buffer.from(text, 'utf8')).toString('hex');
  if (hash !== snapshot.statementHash) {
    fail(
      `Snapshot ${snapshot.id}: the statement ${source} hashes to ${hash}, not to the signed statementHash ` +
        `${snapshot.statementHash}.`,
    );
  }
  const { figures } = snapshot;
  if (figures === null || figures === undefined) return;
  if (typeof figures !== 'object' || Array.isArray(figures))
    fail(`Snapshot ${snapshot.id}: its figures are not an object.`);
  let statement;
  try {
    statement = JSON.parse(text);
  } catch {
    fail(`Snapshot ${snapshot.id}: the statement is not JSON text.`);
  }
  for (const name of FIGURES) {
    if (figures[name] !== statement?.[name]) {
      fail(
        `Snapshot ${snapshot.id}: its figures give ${name} ${JSON.stringify(figures[name])}, its statement ` +
          `${JSON.stringify(statement?.[name])}.`,
      );
    }
  }
}

function checkChain(list) {
  if (!HASH.test(list.publicKey ?? '')) fail('The published public key is not 32 bytes of hex.');
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(list.publicKey, 'hex').toString('base64url') },
    format: 'jwk',
  });
  list.snapshots.forEach((snapshot, position) => {
    const older = list.snapshots[position + 1];
    const expected = older ? older.rootHash : NO_PREVIOUS_ROOT;
    if (snapshot.previousRootHash !== expected) {
      fail(
        `Snapshot ${snapshot.id} names ${snapshot.previousRootHash} as its predecessor's root, not ${expected}.`,
      );
    }
    const format = formatOf(snapshot);
    if (format !== 1 && format !== 2)
      fail(`Snapshot ${snapshot.id} has format ${format}, which this verifier does not know.`);
    if (format === 2 && !HASH.test(snapshot.statementHash ?? ''))
      fail(`Snapshot ${snapshot.id} is format 2 but publishes no statementHash (64 lowercase hex digits).`);
    if (format === 1 && (snapshot.statementHash !== null || (snapshot.statement ?? null) !== null))
      fail(`Snapshot ${snapshot.id} is format 1 but publishes a statement or statementHash.`);
    const { statement } = snapshot;
    if (statement !== null && statement !== undefined && typeof statement !== 'string')
      fail(`Snapshot ${snapshot.id}: its statement is not text.`);
    const isSigned =
      /^[0-9a-f]{128}$/.test(snapshot.signature ?? '') &&
      verify(null, Buffer.from(signedMessage(snapshot), 'utf8'), key, Buffer.from(snapshot.signature, 'hex'));
    if (!isSigned) fail(`The signature of snapshot ${snapshot.id} is not valid for the published key.`);
    if (typeof statement === 'string') checkStatementText(snapshot, statement, 'inlined in the list');
  });
  // Newest first: every snapshot newer than the oldest format 2 one must be format 2 as well.
  const oldestFormat2 = list.snapshots.findLastIndex((snapshot) => formatOf(snapshot) === 2);
  const downgraded = list.snapshots.slice(0, oldestFormat2).find((snapshot) => formatOf(snapshot) === 1);
  if (downgraded) {
    fail(
      `Snapshot ${downgraded.id} is format 1 although an older snapshot is format 2: a downgrade ` +
        '(its leaves are not bound to their owners and it states no reserves).',
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Re-reading balances on the user's own nodes

const RPC_TIMEOUT_MS = 60_000;

/**
 * A JSON-RPC client. fetch refuses URLs carrying credentials, so `http://user:password@host` becomes
 * a Basic authorisation header on the bare URL; errors name the host only, never the password.
 */
function connectRpc(url, version) {
  const parsed = new URL(url);
  const headers = { 'content-type': 'application/json' };
  if (parsed.username || parsed.password) {
    const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  const endpoint = parsed.toString();
  let nextId = 1;
  const post = async (body) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    }).catch((error) => {
      throw new Error(`Could not reach the node at ${parsed.host}: ${error.cause?.message ?? error.message}`);
    });
    const text = await response.text();
    // Bitcoin Core answers an RPC error with status 500 and the error in the JSON body.
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`The node at ${parsed.host} answered ${response.status}: ${text.slice(0, 200)}`);
    }
  };
  const resultOf = (method, answer) => {
    if (!answer) return new Error(`${method}: no answer from ${parsed.host}`);
    if (answer.error) return new Error(`${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result;
  };
  return {
    async call(method, params = []) {
      const result = resultOf(method, await post({ jsonrpc: version, id: nextId++, method, params }));
      if (result instanceof Error) throw result;
      return result;
    },
    /** One request for many calls; each answer is its result or an Error, in the order asked. */
    async batch(calls) {
      if (calls.length === 0) return [];
      const requests = calls.map(({ method, params }) => ({
        jsonrpc: version,
        id: nextId++,
        method,
        params,
      }));
      const answers = await post(requests);
      if (!Array.isArray(answers)) throw new Error(`The node at ${parsed.host} did not answer a batch.`);
      const byId = new Map(answers.map((answer) => [answer.id, answer]));
      return requests.map((request) => resultOf(request.method, byId.get(request.id)));
    },
  };
}

const BLOCKS_PER_BATCH = 20;

function bitcoinOutputsOf(statement) {
  return statement.reserves
    .filter((reserve) => reserve.coin === 'btc')
    .flatMap((reserve) =>
      reserve.holdings.flatMap((holding) =>
        holding.outputs.map((output) => ({ ...output, address: holding.address })),
      ),
    );
}

/**
 * Yields the transactions of blocks from..to, a batch of blocks at a time. Newer nodes return whole
 * blocks with getblock verbosity 2; Bitcoin Core 0.11 knows only getblock <hash> true, so there
 * each transaction is fetched with getrawtransaction (which needs -txindex).
 */
async function* transactionsOfBlocks(rpc, from, to) {
  let canReadWholeBlocks;
  for (let start = from; start <= to; start += BLOCKS_PER_BATCH) {
    const heights = Array.from({ length: Math.min(BLOCKS_PER_BATCH, to - start + 1) }, (_, i) => start + i);
    const hashes = await rpc.batch(heights.map((height) => ({ method: 'getblockhash', params: [height] })));
    const failedHash = hashes.find((hash) => hash instanceof Error);
    if (failedHash) throw failedHash;
    if (canReadWholeBlocks === undefined) {
      const probe = await rpc.call('getblock', [hashes[0], 2]).catch(() => undefined);
      canReadWholeBlocks = typeof probe?.tx?.[0] === 'object';
    }
    const blocks = await rpc.batch(
      hashes.map((hash) => ({ method: 'getblock', params: [hash, canReadWholeBlocks ? 2 : true] })),
    );
    for (const [offset, block] of blocks.entries()) {
      if (block instanceof Error) throw block;
      const transactions = canReadWholeBlocks
        ? block.tx
        : await rpc.batch(block.tx.map((txid) => ({ method: 'getrawtransaction', params: [txid, 1] })));
      const failed = transactions.find((transaction) => transaction instanceof Error);
      if (failed) throw failed;
      yield { height: heights[offset], transactions };
    }
  }
}

/**
 * Checks every recorded Bitcoin output on the user's node: in a main-chain block at or below the
 * recorded height, paying the holding's address the recorded amount, and unspent at that height
 * (unspent now, or spent in a later block). Returns how many outputs were checked.
 */
async function checkBitcoinBalances(rpc, statement, snapshotId) {
  const outputs = bitcoinOutputsOf(statement);
  if (outputs.length === 0) return 0;
  const { height, hash } = statement.blocks.bitcoin;
  const label = `Snapshot ${snapshotId}`;
  const tip = await rpc.call('getblockcount');
  if (tip < height)
    throw new Error(`Your Bitcoin node is at block ${tip}; the statement was read at ${height}.`);
  const nodeHash = await rpc.call('getblockhash', [height]);
  if (nodeHash !== hash)
    fail(`${label}: Bitcoin block ${height} is ${nodeHash} on your node, not ${hash} as published.`);
  const recordedBlock = await rpc.call('getblock', [hash, true]);
  if (height > 0) {
    // Without -txindex a node finds no transaction by id, which says nothing about the platform.
    await rpc.call('getrawtransaction', [recordedBlock.tx[0], 1]).catch(() => {
      throw new Error('Your Bitcoin node cannot look transactions up by id: restart it with -txindex.');
    });
  }

  const transactions = await rpc.batch(
    outputs.map((output) => ({ method: 'getrawtransaction', params: [output.txid, 1] })),
  );
  const blockHashes = [...new Set(transactions.map((transaction) => transaction?.blockhash).filter(Boolean))];
  const blocks = await rpc.batch(
    blockHashes.map((blockHash) => ({ method: 'getblock', params: [blockHash, true] })),
  );
  const blockByHash = new Map(blockHashes.map((blockHash, position) => [blockHash, blocks[position]]));
  outputs.forEach((output, position) => {
    const outpoint = `Bitcoin output ${output.txid}:${output.vout} of ${output.address}`;
    const transaction = transactions[position];
    if (transaction instanceof Error)
      fail(`${label}: ${outpoint} is unknown to your node (${transaction.message}).`);
    const block = blockByHash.get(transaction.blockhash);
    if (!block || block instanceof Error || !(block.confirmations > 0))
      fail(`${label}: ${outpoint} is not in a block of your node's main chain.`);
    if (block.height > height)
      fail(`${label}: ${outpoint} was mined in block ${block.height}, after the recorded block ${height}.`);
    const paid = transaction.vout.find((vout) => vout.n === output.vout);
    if (!paid) fail(`${label}: ${outpoint} does not exist on your node.`);
    const paidSats = BigInt(Math.round(paid.value * 1e8));
    if (paidSats !== BigInt(output.amountBaseUnits))
      fail(
        `${label}: ${outpoint} pays ${paidSats} sat on your node, ${output.amountBaseUnits} as published.`,
      );
    // The script rather than scriptPubKey.addresses: Bitcoin Core 0.11 predates SegWit and lists no
    // address for a P2WPKH output, and releases from 22 on name the field `address`.
    if (paid.scriptPubKey?.hex !== readBitcoinAddress(output.address).script)
      fail(`${label}: ${outpoint} pays the script ${paid.scriptPubKey?.hex}, not ${output.address}.`);
  });

  // gettxout without the mempool: an output spent only by an unconfirmed transaction is unspent in
  // every block, so it must not send us looking for a spending block that does not exist.
  const unspent = await rpc.batch(
    outputs.map((output) => ({ method: 'gettxout', params: [output.txid, output.vout, false] })),
  );
  const failedLookup = unspent.find((answer) => answer instanceof Error);
  if (failedLookup) throw failedLookup;
  const spentNow = new Map(
    outputs
      .filter((_, position) => unspent[position] === null)
      .map((output) => [`${output.txid}:${output.vout}`, output]),
  );
  if (spentNow.size > 0) {
    for await (const block of transactionsOfBlocks(rpc, height + 1, await rpc.call('getblockcount'))) {
      for (const input of block.transactions.flatMap((transaction) => transaction.vin)) {
        spentNow.delete(`${input.txid}:${input.vout}`);
      }
      if (spentNow.size === 0) break;
    }
  }
  const [spentBefore] = spentNow.values();
  if (spentBefore) {
    fail(
      `${label}: Bitcoin output ${spentBefore.txid}:${spentBefore.vout} of ${spentBefore.address} was already ` +
        `spent at block ${height} (your node finds it neither unspent nor spent in a later block).`,
    );
  }
  return outputs.length;
}

const toQuantity = (value) => `0x${value.toString(16)}`;

/**
 * Reads every ETH and USDT holding at the recorded block on the user's Ethereum node, after checking
 * the block is the recorded one. Returns how many holdings were checked.
 */
async function checkEthereumBalances(rpc, statement, snapshotId, usdtContract) {
  const holdings = statement.reserves
    .filter((reserve) => reserve.coin === 'eth' || reserve.coin === 'usdt')
    .flatMap((reserve) => reserve.holdings.map((holding) => ({ ...holding, coin: reserve.coin })));
  if (holdings.length === 0) return 0;
  const { height, hash } = statement.blocks.ethereum;
  const label = `Snapshot ${snapshotId}`;
  const block = await rpc.call('eth_getBlockByNumber', [toQuantity(height), false]);
  if (!block) throw new Error(`Your Ethereum node has no block ${height} yet.`);
  if (block.hash.toLowerCase() !== hash.toLowerCase())
    fail(`${label}: Ethereum block ${height} is ${block.hash} on your node, not ${hash} as published.`);
  for (const holding of holdings) {
    const answer =
      holding.coin === 'eth'
        ? await rpc.call('eth_getBalance', [holding.address, toQuantity(height)])
        : await rpc.call('eth_call', [
            {
              to: usdtContract,
              data: `0x70a08231${holding.address.slice(2).toLowerCase().padStart(64, '0')}`,
            },
            toQuantity(height),
          ]);
    if (answer === '0x')
      throw new Error(`${usdtContract} answered nothing at block ${height}: is --usdt-contract right?`);
    const balance = BigInt(answer);
    if (balance !== BigInt(holding.amountBaseUnits)) {
      fail(
        `${label}: ${holding.coin.toUpperCase()} of ${holding.address} at block ${height} is ${balance} on your ` +
          `node, ${holding.amountBaseUnits} as published.`,
      );
    }
  }
  return holdings.length;
}

// ---------------------------------------------------------------------------------------------
// Command line

function parseArguments(argv) {
  const options = { url: process.env.PUBLIC_URL, usdtContract: MAINNET_USDT_CONTRACT, allSnapshots: false };
  const valued = {
    '--url': 'url',
    '--key': 'key',
    '--account': 'account',
    '--bitcoin-rpc': 'bitcoinRpc',
    '--ethereum-rpc': 'ethereumRpc',
    '--usdt-contract': 'usdtContract',
  };
  const args = argv.slice(2);
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index];
    if (argument in valued) {
      if (args[index + 1] === undefined) throw new Error(`${argument} needs a value. ${USAGE}`);
      options[valued[argument]] = args[index + 1];
      index += 1;
    } else if (argument === '--all-snapshots') {
      options.allSnapshots = true;
    } else if (argument.startsWith('--') || options.file) {
      throw new Error(`Unexpected argument: ${argument}. ${USAGE}`);
    } else {
      options.file = argument;
    }
  }
  if (!options.url)
    throw new Error('Give the platform address with --url or in the PUBLIC_URL environment variable.');
  options.url = options.url.replace(/\/+$/, '');
  try {
    options.platform = new URL(options.url).origin;
  } catch {
    throw new Error(`--url ${options.url} is not an address such as https://invest.example.com.`);
  }
  options.key = options.key?.toLowerCase();
  if (options.key !== undefined && !HASH.test(options.key))
    throw new Error('--key must be the 64 hex digits of an Ed25519 public key.');
  options.account = options.account?.toLowerCase();
  if (options.account !== undefined && !UUID.test(options.account))
    throw new Error('--account must be your account id as the verify page shows it (a UUID).');
  if (options.account !== undefined && !options.file)
    throw new Error('--account checks a proof: give proof.json too.');
  if (!ETHEREUM_ADDRESS.test(options.usdtContract)) throw new Error('--usdt-contract must be a 0x address.');
  return options;
}

/** A base-unit amount in whole coins: 150000 sat is 0.00150000 btc. */
function coins(baseUnits, coin) {
  const decimals = Number(DECIMALS[coin]);
  const digits = baseUnits.padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)} ${coin}`;
}

const dollars = (cents) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')} USD`;
const percent = (points) => (points === null ? 'n/a (nothing owed)' : `${(points / 100).toFixed(2)}%`);

/** Checks the proof against itself and against the account it must belong to; returns what to report. */
function checkProof(proof, account) {
  checkProofShape(proof);
  const computed = recomputeRoot(proof);
  if (computed.hash !== proof.rootHash) fail('The path does not lead to the proof root hash.');
  if (computed.sum !== proof.rootSum) fail('The sums on the path do not add up to the proof total.');
  if (formatOf(proof) === 1)
    return 'Proof format 1: leaf not bound to its owner (snapshot taken before leaves were bound).';
  const { userId } = proof.leaf;
  // Without it, a platform could hand one leaf to two depositors: each would see a valid proof.
  if (account === undefined) {
    throw new Error(
      "Give your account id with --account <id> (it is shown on the platform's verify page): a format 2 " +
        'leaf is checked against it.',
    );
  }
  if (userId !== account) {
    fail(
      `The leaf is bound to account ${userId}, not to yours (${account}): this proof is someone else's, ` +
        'so your own balance may be missing from the tree.',
    );
  }
  return `Proof format 2: leaf bound to your account ${account}.`;
}

async function fetchPublishedList(url) {
  const response = await fetch(`${url}/api/liabilities`).catch((error) => {
    throw new Error(`Could not reach ${url}/api/liabilities: ${error.cause?.message ?? error.message}`);
  });
  if (!response.ok) fail(`${url}/api/liabilities answered ${response.status}.`);
  const body = await response.json();
  const list = body.data ?? body;
  if (!Array.isArray(list.snapshots)) fail(`${url}/api/liabilities did not list snapshots.`);
  return list;
}

/** The statement text of a snapshot, from GET <url>/api/liabilities/<id>/statement. */
async function fetchStatement(url, snapshot) {
  const address = `${url}/api/liabilities/${encodeURIComponent(snapshot.id)}/statement`;
  const response = await fetch(address).catch((error) => {
    throw new Error(`Could not reach ${address}: ${error.cause?.message ?? error.message}`);
  });
  if (!response.ok) fail(`${address} answered ${response.status}.`);
  let body;
  try {
    body = await response.json();
  } catch {
    fail(`${address} did not answer JSON.`);
  }
  const statement = body?.data?.statement;
  if (typeof statement !== 'string') fail(`${address} did not answer a statement text.`);
  return statement;
}

function describeStatement(snapshot, statement) {
  const reserves = statement.reserves
    .map(
      (reserve) => `${coins(reserve.amountBaseUnits, reserve.coin)} (${dollars(BigInt(reserve.usdCents))})`,
    )
    .join(', ');
  const lines = [
    `Newest statement (snapshot ${snapshot.id}): reserves ${dollars(BigInt(statement.reservesUsdCents))} ` +
      `[${reserves || 'none'}], liabilities ${dollars(BigInt(statement.liabilitiesCents))}, promised returns ` +
      `${dollars(BigInt(statement.promisedReturnsCents))}; solvency ${percent(statement.solvencyBasisPoints)}, ` +
      `coverage ${percent(statement.coverageBasisPoints)} (on-chain reserves against liabilities and promised ` +
      `returns). Yield reserve ${dollars(BigInt(statement.yieldReserveCents))}: a ledger figure, counted in no ratio.`,
  ];
  // Dates are YYYY-MM-DD, so they sort as text.
  const dates = statement.reserves
    .map((reserve) => parseChallenge(reserve.challenge, reserve.kind).date)
    .sort();
  if (dates.length > 0) {
    lines.push(
      `Newest statement's reserve signatures dated from ${dates[0]} to ${dates.at(-1)} (a signature ` +
        'shows the key was held on its date, not at the snapshot).',
    );
  }
  return lines;
}

const TEST_NETWORKS = ['testnet', 'regtest'];

async function main() {
  const options = parseArguments(process.argv);
  const report = [];
  let proof;
  if (options.file) {
    const parsed = JSON.parse(await readFile(options.file, 'utf8'));
    proof = parsed.data ?? parsed;
    report.push(checkProof(proof, options.account));
  }

  const list = await fetchPublishedList(options.url);
  const published = proof && list.snapshots.find((snapshot) => snapshot.id === proof.snapshotId);
  if (proof) {
    if (!published) fail(`Snapshot ${proof.snapshotId} is not published at ${options.url}.`);
    if (published.rootHash !== proof.rootHash || published.rootSum !== proof.rootSum) {
      fail(`The proof root differs from the root published for snapshot ${proof.snapshotId}.`);
    }
    if (published.leafCount !== proof.leafCount) fail('The proof leaf count differs from the published one.');
    if (formatOf(published) !== formatOf(proof))
      fail(`The proof is format ${formatOf(proof)}, its published snapshot format ${formatOf(published)}.`);
  }
  if (options.key && list.publicKey !== options.key)
    fail(`The platform now publishes the key ${list.publicKey}, not ${options.key}.`);
  checkChain(list);
  const warnings = [];
  const [newest] = list.snapshots;
  if (proof && newest && newest !== published) {
    warnings.push(
      `Your proof is for snapshot ${published.id} (${published.takenAt}), but the newest published snapshot ` +
        `is ${newest.id} (${newest.takenAt}): download your proof of it too, as an account left out of ` +
        'newer snapshots would not notice it here.',
    );
  }

  // Checked in full: the newest format 2 statement, every one with --all-snapshots, and any other the
  // list happens to inline (already in hand). The rest are fetched only with --all-snapshots: their
  // hashes are signed in the list, so only their contents go unchecked.
  const stated = list.snapshots.filter((snapshot) => formatOf(snapshot) === 2);
  const statements = [];
  for (const [position, snapshot] of stated.entries()) {
    let text = snapshot.statement;
    if (typeof text !== 'string') {
      if (!(position === 0 || options.allSnapshots)) continue;
      text = await fetchStatement(options.url, snapshot);
      checkStatementText(snapshot, text, `served at ${options.url}/api/liabilities/${snapshot.id}/statement`);
    }
    statements.push({
      snapshot,
      statement: checkStatement({ ...snapshot, statement: text }, options.platform),
    });
  }
  if (statements.length > 0) {
    report.push(
      `${statements.length} format 2 statement(s) add up and every reserve signature verifies; each ` +
        `names ${options.platform}, the platform you are checking.`,
    );
    report.push(...describeStatement(statements[0].snapshot, statements[0].statement));
  }
  const unread = stated.length - statements.length;
  if (unread > 0) {
    report.push(
      `${unread} older format 2 statement(s) not read: their hashes are signed in the chain above; give ` +
        '--all-snapshots to fetch and check them too.',
    );
  }
  const testNetworks = [
    ...new Set(
      statements.flatMap(({ statement }) =>
        statement.reserves
          .map((reserve) => reserve.network)
          .filter((network) => TEST_NETWORKS.includes(network)),
      ),
    ),
  ];
  if (testNetworks.length > 0) {
    warnings.push(
      `reserves on a test network (${testNetworks.join(', ')}) are worth nothing on the main network.`,
    );
  }

  const reread = options.allSnapshots ? statements : statements.slice(0, 1);
  const which = options.allSnapshots ? 'every statement' : 'the newest statement';
  if (options.bitcoinRpc) {
    const rpc = connectRpc(options.bitcoinRpc, '1.0');
    let outputs = 0;
    for (const { snapshot, statement } of reread)
      outputs += await checkBitcoinBalances(rpc, statement, snapshot.id);
    report.push(`Bitcoin node: ${outputs} output(s) of ${which} confirmed unspent at the recorded block.`);
  }
  if (options.ethereumRpc) {
    const rpc = connectRpc(options.ethereumRpc, '2.0');
    let holdings = 0;
    for (const { snapshot, statement } of reread)
      holdings += await checkEthereumBalances(rpc, statement, snapshot.id, options.usdtContract);
    report.push(`Ethereum node: ${holdings} ETH/USDT balance(s) of ${which} match at the recorded block.`);
  }
  if (statements.length > 0 && !(options.bitcoinRpc && options.ethereumRpc)) {
    report.push(
      'Balances not re-read on a node of your own: give --bitcoin-rpc and --ethereum-rpc to do so.',
    );
  }

  const chainLine = `the chain of ${list.snapshots.length} snapshot(s) and its signatures check out.`;
  if (proof) {
    console.log(
      `OK: your balance of ${dollars(BigInt(proof.leaf.sum))} is counted in snapshot ${published.id} ` +
        `(${published.takenAt}), whose signed total is ${proof.rootSum} cents; ${chainLine}`,
    );
  } else {
    console.log(`OK: ${chainLine}`);
  }
  for (const line of report) console.log(`  ${line}`);
  for (const warning of warnings) console.log(`WARNING: ${warning}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Mismatch ? `MISMATCH: ${error.message}` : `ERROR: ${error.message}`);
    process.exit(1);
  });
}
