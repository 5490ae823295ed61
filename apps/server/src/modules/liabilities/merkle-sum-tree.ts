import { sha256 } from '@noble/hashes/sha2.js';
import { boundLeafHashInput, paddedLeafCount, type TreeNode } from '@vestora/shared';

/**
 * The tree is kept as one buffer per level, `NODE_BYTES` per node: the 32-byte hash, then the sum
 * in cents as 8-byte big-endian (no total of balances comes near 2^63 cents; the hash input still
 * writes each sum on 32 bytes, as the format says). Flat buffers, not objects, because a snapshot of
 * 100,000 users hashes 262,143 nodes and stores them in a few rows. SHA-256 is @noble/hashes': for
 * these 128-byte inputs it beats node:crypto, whose cost is creating a Hash object per call.
 */
export const NODE_BYTES = 40;
const HASH_BYTES = 32;

/** A format 2 leaf: bound to its owner by their id and the snapshot's. */
export function hashBoundLeaf(nonce: Uint8Array, userId: string, snapshotId: string, sum: bigint): TreeNode {
  return { hash: sha256(boundLeafHashInput(nonce, userId, snapshotId)), sum };
}

export function nodeAt(level: Buffer, position: number): TreeNode {
  const offset = position * NODE_BYTES;
  return {
    hash: level.subarray(offset, offset + HASH_BYTES),
    sum: level.readBigUInt64BE(offset + HASH_BYTES),
  };
}

/**
 * Every level of the Merkle sum tree over `leaves` (already in their published order), from the
 * padded leaves up to the root: `levels[0]` holds the leaves, the last level the root alone.
 */
export function buildMerkleSumTree(leaves: readonly TreeNode[]): Buffer[] {
  // Padding leaves are (32 zero bytes, 0): the zero-filled rest of the buffer.
  let level = Buffer.alloc(paddedLeafCount(leaves.length) * NODE_BYTES);
  for (const [position, leaf] of leaves.entries()) {
    level.set(leaf.hash, position * NODE_BYTES);
    level.writeBigUInt64BE(leaf.sum, position * NODE_BYTES + HASH_BYTES);
  }
  const levels = [level];
  // L.hash ‖ L.sum (32 bytes) ‖ R.hash ‖ R.sum (32 bytes); the sums' 24 high bytes stay zero.
  const input = new Uint8Array(4 * HASH_BYTES);
  while (level.length > NODE_BYTES) {
    const parent = Buffer.alloc(level.length / 2);
    for (let offset = 0; offset < level.length; offset += 2 * NODE_BYTES) {
      const right = offset + NODE_BYTES;
      input.set(level.subarray(offset, offset + HASH_BYTES), 0);
      input.set(level.subarray(offset + HASH_BYTES, right), 2 * HASH_BYTES - 8);
      input.set(level.subarray(right, right + HASH_BYTES), 2 * HASH_BYTES);
      input.set(level.subarray(right + HASH_BYTES, right + NODE_BYTES), 4 * HASH_BYTES - 8);
      const target = offset / 2;
      parent.set(sha256(input), target);
      const sum = level.readBigUInt64BE(offset + HASH_BYTES) + level.readBigUInt64BE(right + HASH_BYTES);
      parent.writeBigUInt64BE(sum, target + HASH_BYTES);
    }
    levels.push(parent);
    level = parent;
  }
  return levels;
}

/** The siblings of leaf `index` from the bottom level up to just below the root. */
export function pathPositions(index: number, leafCount: number): { level: number; position: number }[] {
  const path: { level: number; position: number }[] = [];
  for (let level = 0, width = leafCount; width > 1; level += 1, width /= 2) {
    path.push({ level, position: (index >> level) ^ 1 });
  }
  return path;
}
