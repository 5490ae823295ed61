import { createHash } from 'node:crypto';
import { leafHashInput, nodeHashInput, PADDING_NODE, paddedLeafCount, type TreeNode } from '@vestora/shared';

export function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

export function hashLeaf(salt: Uint8Array, leafId: string, sum: bigint): TreeNode {
  return { hash: sha256(leafHashInput(salt, leafId)), sum };
}

/**
 * Every level of the Merkle sum tree over `leaves` (already in their published order), from the
 * padded leaves up to the root: `levels[0]` holds the leaves, `levels.at(-1)` the root alone.
 */
export function buildMerkleSumTree(leaves: readonly TreeNode[]): TreeNode[][] {
  const padded = [...leaves];
  while (padded.length < paddedLeafCount(leaves.length)) padded.push(PADDING_NODE);
  const levels = [padded];
  for (let level = padded; level.length > 1; ) {
    const parents: TreeNode[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as TreeNode;
      const right = level[index + 1] as TreeNode;
      parents.push({ hash: sha256(nodeHashInput(left, right)), sum: left.sum + right.sum });
    }
    levels.push(parents);
    level = parents;
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
