/**
 * Proof of liabilities: the Merkle sum tree of ethereum/research `proof_of_solvency/merkle_sum_tree.py`
 * with parents committing to both children's sums (Hu–Zhang–Guo, ePrint 2018/1139).
 *
 * - leaf, format 2 = (SHA-256(nonce ‖ UTF-8(userId) ‖ UTF-8(snapshotId)), sum): bound to its owner
 *   (decision 016); format 1 = (SHA-256(salt ‖ UTF-8(leafId)), sum), snapshots taken before
 * - node = (SHA-256(L.hash ‖ L.sum as 32-byte big-endian ‖ R.hash ‖ R.sum as 32-byte big-endian), L.sum + R.sum)
 * - leaves shuffled, padded to a power of two with (32 zero bytes, 0); at each level an even index is
 *   the left child.
 *
 * Sums are integer cents, written as decimal strings in every message so no amount loses precision.
 * Browser-safe: the hash and signature primitives are passed in (Web Crypto in the page, node:crypto
 * on the server), so the page, the server and its tests run this same code.
 */

import type { LiabilityList, LiabilityProof, LiabilitySnapshot } from './liabilities.ts';

/** What the first snapshot names as its predecessor's root. */
export const NO_PREVIOUS_ROOT = '0'.repeat(64);

export type Sha256 = (data: Uint8Array) => Promise<Uint8Array>;
export type Ed25519Verify = (
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array,
) => Promise<boolean>;

export interface TreeNode {
  hash: Uint8Array;
  sum: bigint;
}

const SUM_BYTES = 32;
const MAX_SUM = 1n << 256n;
const HEX = /^(?:[0-9a-f]{2})*$/;

function sumToBytes(sum: bigint): Uint8Array {
  if (sum < 0n || sum >= MAX_SUM) throw new RangeError('a sum must be between 0 and 2^256 - 1');
  const bytes = new Uint8Array(SUM_BYTES);
  let rest = sum;
  for (let index = SUM_BYTES - 1; rest > 0n; index -= 1) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** What a format 1 leaf's hash is taken of: salt ‖ UTF-8(leafId). */
export function leafHashInput(salt: Uint8Array, leafId: string): Uint8Array {
  return concatBytes([salt, utf8(leafId)]);
}

/** What a format 2 leaf's hash is taken of: nonce ‖ UTF-8(userId) ‖ UTF-8(snapshotId). */
export function boundLeafHashInput(nonce: Uint8Array, userId: string, snapshotId: string): Uint8Array {
  return concatBytes([nonce, utf8(userId), utf8(snapshotId)]);
}

function proofLeafInput(proof: LiabilityProof): Uint8Array {
  return proof.format === 2
    ? boundLeafHashInput(hexToBytes(proof.leaf.nonce), proof.leaf.userId, proof.snapshotId)
    : leafHashInput(hexToBytes(proof.leaf.salt), proof.leaf.leafId);
}

/** What a parent's hash is taken of: L.hash ‖ L.sum ‖ R.hash ‖ R.sum. */
function nodeHashInput(left: TreeNode, right: TreeNode): Uint8Array {
  return concatBytes([left.hash, sumToBytes(left.sum), right.hash, sumToBytes(right.sum)]);
}

/**
 * The message a snapshot's signature covers, as UTF-8 bytes; a format 2 snapshot adds the SHA-256
 * hex of its statement, so the signature covers the reserves and ratios too.
 */
export function snapshotSignedMessage(
  snapshot: Pick<LiabilitySnapshot, 'id' | 'takenAt' | 'rootHash' | 'rootSum' | 'previousRootHash'>,
  statementHash?: Uint8Array,
): Uint8Array {
  const { id, takenAt, rootHash, rootSum, previousRootHash } = snapshot;
  const root = `${id}:${takenAt}:${rootHash}:${rootSum}:${previousRootHash}`;
  return utf8(statementHash ? `${root}:${bytesToHex(statementHash)}` : root);
}

/** The UTF-8 bytes of a statement, the input of the hash a format 2 signature covers. */
export function statementBytes(statement: string): Uint8Array {
  return utf8(statement);
}

/** The smallest power of two holding `count` leaves (one leaf at least). */
export function paddedLeafCount(count: number): number {
  let size = 1;
  while (size < count) size *= 2;
  return size;
}

export type ProofCheck = { isValid: true } | { isValid: false; problem: string };

/**
 * Recomputes the root from the leaf and its path and compares it with the proof's root; every
 * number is checked for shape first, so a malformed file is a clear refusal, never an exception.
 * A format 2 leaf must be bound to `accountId`, the id of the person checking: a leaf shared with
 * another account, or given to someone else, fails here.
 */
export async function verifyLiabilityProof(
  proof: LiabilityProof,
  sha256: Sha256,
  accountId: string,
): Promise<ProofCheck> {
  const problem = proofShapeProblem(proof);
  if (problem) return { isValid: false, problem };
  if (proof.format === 2 && proof.leaf.userId !== accountId) {
    return {
      isValid: false,
      problem: `This leaf is bound to account ${proof.leaf.userId}, not to yours (${accountId}).`,
    };
  }
  let node: TreeNode = { hash: await sha256(proofLeafInput(proof)), sum: BigInt(proof.leaf.sum) };
  let index = proof.index;
  for (const step of proof.path) {
    const sibling = { hash: hexToBytes(step.hash), sum: BigInt(step.sum) };
    // Each sum read is below 10^77, but the sums added so far can pass 2^256, which no node can hash.
    if (node.sum >= MAX_SUM) {
      return { isValid: false, problem: 'A sum on the path does not fit in 32 bytes.' };
    }
    const [left, right] = index % 2 === 0 ? [node, sibling] : [sibling, node];
    node = { hash: await sha256(nodeHashInput(left, right)), sum: left.sum + right.sum };
    index = Math.floor(index / 2);
  }
  if (bytesToHex(node.hash) !== proof.rootHash) {
    return { isValid: false, problem: 'The path does not lead to the published root hash.' };
  }
  if (node.sum.toString() !== proof.rootSum) {
    return { isValid: false, problem: 'The sums on the path do not add up to the published total.' };
  }
  return { isValid: true };
}

function proofShapeProblem(proof: LiabilityProof): string | undefined {
  const isHash = (value: unknown) => typeof value === 'string' && value.length === 64 && HEX.test(value);
  const isSum = (value: unknown) => typeof value === 'string' && /^(0|[1-9]\d{0,76})$/.test(value);
  const { leaf, path, index, leafCount } = proof;
  if (proof.format === 2) {
    if (!leaf || typeof proof.leaf.userId !== 'string' || !isHash(proof.leaf.nonce) || !isSum(leaf.sum)) {
      return 'The proof has no readable leaf (userId, 32-byte hex nonce, sum in cents).';
    }
  } else if (proof.format !== 1) {
    return 'The proof format is neither 1 nor 2.';
  } else if (!leaf || typeof proof.leaf.leafId !== 'string' || !isHash(proof.leaf.salt) || !isSum(leaf.sum)) {
    return 'The proof has no readable leaf (leafId, 32-byte hex salt, sum in cents).';
  }
  if (!isHash(proof.rootHash) || !isSum(proof.rootSum)) return 'The proof has no readable root.';
  if (!Array.isArray(path) || !path.every((step) => isHash(step?.hash) && isSum(step?.sum))) {
    return 'The proof path is not a list of { hash, sum }.';
  }
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || paddedLeafCount(leafCount) !== leafCount) {
    return 'The leaf count is not a power of two.';
  }
  if (2 ** path.length !== leafCount) return 'The path length does not match the leaf count.';
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount) {
    return 'The leaf index is outside the tree.';
  }
  return undefined;
}

/**
 * Checks a published list: every signature is the platform key's (over the statement too in format
 * 2), every snapshot names its predecessor's root (the oldest names `NO_PREVIOUS_ROOT`), and no
 * format 1 snapshot follows a format 2 one. Returns the first problem found.
 */
export async function verifyLiabilityChain(
  list: LiabilityList,
  verify: Ed25519Verify,
  sha256: Sha256,
): Promise<ProofCheck> {
  if (typeof list.publicKey !== 'string' || list.publicKey.length !== 64 || !HEX.test(list.publicKey)) {
    return { isValid: false, problem: 'The published public key is not 32 bytes of hex.' };
  }
  const publicKey = hexToBytes(list.publicKey);
  for (const [position, snapshot] of list.snapshots.entries()) {
    const older = list.snapshots[position + 1];
    const expectedPrevious = older ? older.rootHash : NO_PREVIOUS_ROOT;
    if (snapshot.previousRootHash !== expectedPrevious) {
      return {
        isValid: false,
        problem: `Snapshot ${snapshot.id} does not name its predecessor's root (${expectedPrevious}).`,
      };
    }
    if (snapshot.format === 1 && older?.format === 2) {
      return {
        isValid: false,
        problem: `Snapshot ${snapshot.id} goes back to leaves not bound to their owner after snapshots that bound them.`,
      };
    }
    const statementHash = snapshot.format === 2 ? snapshot.statementHash : null;
    if (
      snapshot.format === 2 &&
      !(typeof statementHash === 'string' && /^[0-9a-f]{64}$/.test(statementHash))
    ) {
      return { isValid: false, problem: `Snapshot ${snapshot.id} publishes no statement hash.` };
    }
    if (typeof snapshot.statement === 'string' && statementHash) {
      if (bytesToHex(await sha256(utf8(snapshot.statement))) !== statementHash) {
        return {
          isValid: false,
          problem: `The statement of snapshot ${snapshot.id} does not match its hash.`,
        };
      }
    }
    const isSigned =
      /^[0-9a-f]{128}$/.test(snapshot.signature) &&
      (await verify(
        publicKey,
        hexToBytes(snapshot.signature),
        snapshotSignedMessage(snapshot, statementHash ? hexToBytes(statementHash) : undefined),
      ));
    if (!isSigned)
      return { isValid: false, problem: `The signature of snapshot ${snapshot.id} is not valid.` };
  }
  return { isValid: true };
}

/** Checks a proof against the published list: its snapshot is there, with the same root and total. */
export function matchPublishedRoot(proof: LiabilityProof, list: LiabilityList): ProofCheck {
  const published = list.snapshots.find((snapshot) => snapshot.id === proof.snapshotId);
  if (!published) return { isValid: false, problem: `Snapshot ${proof.snapshotId} is not published.` };
  // A format 1 leaf names no owner: served for a snapshot published as format 2, it could be anyone's.
  if (published.format !== proof.format) {
    return {
      isValid: false,
      problem: `The proof uses format ${proof.format}, but its snapshot is published as format ${published.format}.`,
    };
  }
  if (published.rootHash !== proof.rootHash || published.rootSum !== proof.rootSum) {
    return { isValid: false, problem: 'The proof root differs from the published root of its snapshot.' };
  }
  if (published.leafCount !== proof.leafCount) {
    return { isValid: false, problem: 'The proof leaf count differs from the published one.' };
  }
  return { isValid: true };
}

function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !HEX.test(hex)) throw new RangeError('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

/** UTF-8 bytes of a string (TextEncoder's output), without relying on DOM or Node typings. */
function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) {
      // A lone surrogate is written as U+FFFD, as TextEncoder does.
      const scalar = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
      bytes.push(0xe0 | (scalar >> 12), 0x80 | ((scalar >> 6) & 0x3f), 0x80 | (scalar & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return Uint8Array.from(bytes);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
