import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LiabilityList, LiabilityProof, LiabilitySnapshot } from './liabilities.ts';
import {
  type Ed25519Verify,
  leafHashInput,
  matchPublishedRoot,
  NO_PREVIOUS_ROOT,
  paddedLeafCount,
  type Sha256,
  snapshotSignedMessage,
  verifyLiabilityChain,
  verifyLiabilityProof,
} from './liability-proofs.ts';

/*
 * The tree is built here independently of the code under test, from the format its header states
 * (the standalone verifier in tools/ follows the same text): if either side drifts, proofs fail.
 */
const sha256: Sha256 = async (data) => new Uint8Array(createHash('sha256').update(data).digest());
const hashHex = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const sumBytes = (sum: bigint) => Buffer.from(sum.toString(16).padStart(64, '0'), 'hex');

interface Node {
  hash: string;
  sum: bigint;
}
interface Account {
  leafId: string;
  cents: bigint;
}

function saltOf(leafId: string) {
  return createHash('sha256').update(`salt of ${leafId}`).digest('hex');
}

function buildTree(accounts: Account[]) {
  const leaves: Node[] = accounts.map(({ leafId, cents }) => ({
    hash: hashHex(Buffer.from(saltOf(leafId), 'hex'), Buffer.from(leafId, 'utf8')),
    sum: cents,
  }));
  const leafCount = paddedLeafCount(leaves.length);
  while (leaves.length < leafCount) leaves.push({ hash: '00'.repeat(32), sum: 0n });
  const levels: Node[][] = [leaves];
  for (let level = leaves; level.length > 1; ) {
    const parents: Node[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Node;
      const right = level[index + 1] as Node;
      parents.push({
        hash: hashHex(
          Buffer.from(left.hash, 'hex'),
          sumBytes(left.sum),
          Buffer.from(right.hash, 'hex'),
          sumBytes(right.sum),
        ),
        sum: left.sum + right.sum,
      });
    }
    levels.push(parents);
    level = parents;
  }
  const root = levels.at(-1)?.[0] as Node;

  function proofFor(position: number): LiabilityProof & { format: 1 } {
    const account = accounts[position] as Account;
    const path: { hash: string; sum: string }[] = [];
    let index = position;
    for (const level of levels.slice(0, -1)) {
      const sibling = level[index ^ 1] as Node;
      path.push({ hash: sibling.hash, sum: sibling.sum.toString() });
      index >>= 1;
    }
    return {
      format: 1,
      snapshotId: 'snap-2',
      rootHash: root.hash,
      rootSum: root.sum.toString(),
      leaf: { leafId: account.leafId, salt: saltOf(account.leafId), sum: account.cents.toString() },
      index: position,
      leafCount,
      path,
    };
  }
  return { root, leafCount, proofFor };
}

const accounts: Account[] = [
  { leafId: 'user-ada', cents: 25_050n },
  { leafId: 'user-grace', cents: 1n },
  { leafId: 'user-édouard-🚀', cents: 99_999_999_999n },
  { leafId: 'user-alan', cents: 0n },
  { leafId: 'user-katherine', cents: 7_00n },
];
const tree = buildTree(accounts);

function problemOf(check: { isValid: boolean; problem?: string }) {
  return check.isValid ? null : check.problem;
}

describe('verifyLiabilityProof', () => {
  it('pads five leaves to eight', () => {
    expect(tree.leafCount).toBe(8);
    expect(tree.root.sum).toBe(25_050n + 1n + 99_999_999_999n + 7_00n);
  });

  it.each(accounts.map((account, position) => [account.leafId, position] as const))(
    'verifies the proof of %s',
    async (_, position) => {
      expect(await verifyLiabilityProof(tree.proofFor(position), sha256, '')).toEqual({ isValid: true });
    },
  );

  it('verifies a tree of a single leaf, whose root is the leaf', async () => {
    const single = buildTree([{ leafId: 'only', cents: 42n }]);
    const proof = single.proofFor(0);
    expect(proof.path).toEqual([]);
    expect(await verifyLiabilityProof(proof, sha256, '')).toEqual({ isValid: true });
  });

  it('fails when the balance is changed', async () => {
    const proof = tree.proofFor(0);
    const tampered = { ...proof, leaf: { ...proof.leaf, sum: '25051' } };
    expect(problemOf(await verifyLiabilityProof(tampered, sha256, ''))).toBe(
      'The path does not lead to the published root hash.',
    );
  });

  it('fails when the leaf belongs to someone else or has another salt', async () => {
    const proof = tree.proofFor(1);
    for (const leaf of [
      { ...proof.leaf, leafId: 'user-mallory' },
      { ...proof.leaf, salt: saltOf('user-mallory') },
    ]) {
      expect(problemOf(await verifyLiabilityProof({ ...proof, leaf }, sha256, ''))).toBe(
        'The path does not lead to the published root hash.',
      );
    }
  });

  it('fails when a sibling’s hash or sum is changed', async () => {
    const proof = tree.proofFor(2);
    const changeStep = (level: number, change: (step: { hash: string; sum: string }) => object) => ({
      ...proof,
      path: proof.path.map((step, index) => (index === level ? { ...step, ...change(step) } : step)),
    });
    const flipLast = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
    expect(
      problemOf(
        await verifyLiabilityProof(
          changeStep(0, (step) => ({ hash: flipLast(step.hash) })),
          sha256,
          '',
        ),
      ),
    ).toBe('The path does not lead to the published root hash.');
    // Hiding a liability by lowering a sibling's sum changes the hash above it.
    expect(proof.path[1]?.sum).toBe('25051');
    expect(
      problemOf(
        await verifyLiabilityProof(
          changeStep(1, () => ({ sum: '0' })),
          sha256,
          '',
        ),
      ),
    ).toBe('The path does not lead to the published root hash.');
  });

  it('fails when the leaf claims another position', async () => {
    const proof = tree.proofFor(0);
    expect(problemOf(await verifyLiabilityProof({ ...proof, index: 1 }, sha256, ''))).toBe(
      'The path does not lead to the published root hash.',
    );
  });

  it('fails against another root hash or another total', async () => {
    const proof = tree.proofFor(3);
    expect(problemOf(await verifyLiabilityProof({ ...proof, rootHash: 'ab'.repeat(32) }, sha256, ''))).toBe(
      'The path does not lead to the published root hash.',
    );
    const total = (tree.root.sum - 1n).toString();
    expect(problemOf(await verifyLiabilityProof({ ...proof, rootSum: total }, sha256, ''))).toBe(
      'The sums on the path do not add up to the published total.',
    );
  });

  it.each([
    ['a salt that is not 32 bytes', { leaf: { leafId: 'x', salt: 'ab', sum: '1' } }, 'leaf'],
    ['a negative balance', { leaf: { leafId: 'x', salt: '00'.repeat(32), sum: '-1' } }, 'leaf'],
    ['a balance with a leading zero', { leaf: { leafId: 'x', salt: '00'.repeat(32), sum: '01' } }, 'leaf'],
    ['a balance with decimals', { leaf: { leafId: 'x', salt: '00'.repeat(32), sum: '1.5' } }, 'leaf'],
    ['an upper-case root hash', { rootHash: 'AB'.repeat(32) }, 'root'],
    ['a total as a number', { rootSum: 5 }, 'root'],
    ['a path that is not a list', { path: 'nope' }, 'path'],
    ['a path step without a sum', { path: [{ hash: '00'.repeat(32) }] }, 'path'],
    ['a leaf count of six', { leafCount: 6 }, 'count'],
    ['a leaf count of four for a path of three', { leafCount: 4 }, 'length'],
    ['an index past the end', { index: 8 }, 'index'],
    ['a negative index', { index: -1 }, 'index'],
    ['a fractional index', { index: 1.5 }, 'index'],
  ])('refuses a proof with %s, without throwing', async (_, change, kind) => {
    const proof = { ...tree.proofFor(0), ...change } as unknown as LiabilityProof;
    const expected = {
      leaf: 'The proof has no readable leaf (leafId, 32-byte hex salt, sum in cents).',
      root: 'The proof has no readable root.',
      path: 'The proof path is not a list of { hash, sum }.',
      count: 'The leaf count is not a power of two.',
      length: 'The path length does not match the leaf count.',
      index: 'The leaf index is outside the tree.',
    }[kind];
    expect(problemOf(await verifyLiabilityProof(proof, sha256, ''))).toBe(expected);
  });

  it('refuses sums too large for the tree’s 32-byte fields, without throwing', async () => {
    const largest = `${'9'.repeat(77)}`;
    const proof: LiabilityProof = {
      ...tree.proofFor(0),
      leaf: { ...tree.proofFor(0).leaf, sum: largest },
      path: tree.proofFor(0).path.map((step) => ({ ...step, sum: largest })),
    };
    expect(problemOf(await verifyLiabilityProof(proof, sha256, ''))).toBe(
      'A sum on the path does not fit in 32 bytes.',
    );
  });

  it('hashes a leaf id as UTF-8, as TextEncoder does, lone surrogates included', () => {
    const salt = new Uint8Array(32).fill(7);
    for (const leafId of ['plain', 'édouard', '日本', '🚀', 'a\uD800b', '\uDC00']) {
      const expected = Buffer.concat([Buffer.from(salt), Buffer.from(new TextEncoder().encode(leafId))]);
      expect(Buffer.from(leafHashInput(salt, leafId)).equals(expected)).toBe(true);
    }
  });
});

describe('published snapshots', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = (publicKey.export({ format: 'der', type: 'spki' }) as Buffer)
    .subarray(-32)
    .toString('hex');
  const ed25519Verify: Ed25519Verify = async (key, signature, message) =>
    verify(
      null,
      message,
      createPublicKey({
        key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key]),
        format: 'der',
        type: 'spki',
      }),
      signature,
    );

  function signed(snapshot: Omit<LiabilitySnapshot, 'signature'>, key = privateKey): LiabilitySnapshot {
    const signature = sign(null, snapshotSignedMessage(snapshot), key).toString('hex');
    return { ...snapshot, signature };
  }

  const first = signed({
    id: 'snap-1',
    takenAt: '2026-11-23T12:00:00.000Z',
    rootHash: 'cd'.repeat(32),
    rootSum: '1000',
    leafCount: 4,
    previousRootHash: NO_PREVIOUS_ROOT,
    format: 1,
    statementHash: null,
    figures: null,
    statement: null,
  });
  const second = signed({
    id: 'snap-2',
    takenAt: '2026-11-24T12:00:00.000Z',
    rootHash: tree.root.hash,
    rootSum: tree.root.sum.toString(),
    leafCount: tree.leafCount,
    previousRootHash: first.rootHash,
    format: 1,
    statementHash: null,
    figures: null,
    statement: null,
  });
  const list: LiabilityList = {
    publicKey: publicKeyHex,
    governance: { approvers: 1, eligible: 1 },
    snapshots: [second, first],
  };

  it('signs the message the verifier documents', () => {
    expect(Buffer.from(snapshotSignedMessage(first)).toString('utf8')).toBe(
      `snap-1:2026-11-23T12:00:00.000Z:${'cd'.repeat(32)}:1000:${NO_PREVIOUS_ROOT}`,
    );
  });

  it('accepts a chain signed by the published key, newest first', async () => {
    expect(await verifyLiabilityChain(list, ed25519Verify, sha256)).toEqual({ isValid: true });
    expect(await verifyLiabilityChain({ ...list, snapshots: [] }, ed25519Verify, sha256)).toEqual({
      isValid: true,
    });
  });

  it('refuses a snapshot whose root was changed after signing', async () => {
    const forged = { ...second, rootSum: '1' };
    expect(
      problemOf(await verifyLiabilityChain({ ...list, snapshots: [forged, first] }, ed25519Verify, sha256)),
    ).toBe('The signature of snapshot snap-2 is not valid.');
  });

  it('refuses a snapshot signed by another key', async () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const { signature: _, ...unsigned } = second;
    const foreign = signed(unsigned, other);
    expect(
      problemOf(await verifyLiabilityChain({ ...list, snapshots: [foreign, first] }, ed25519Verify, sha256)),
    ).toBe('The signature of snapshot snap-2 is not valid.');
  });

  it('refuses a chain with a snapshot left out or reordered', async () => {
    expect(
      problemOf(await verifyLiabilityChain({ ...list, snapshots: [second] }, ed25519Verify, sha256)),
    ).toBe(`Snapshot snap-2 does not name its predecessor's root (${NO_PREVIOUS_ROOT}).`);
    expect(
      problemOf(await verifyLiabilityChain({ ...list, snapshots: [first, second] }, ed25519Verify, sha256)),
    ).toBe(`Snapshot snap-1 does not name its predecessor's root (${second.rootHash}).`);
  });

  describe('format 2: a signed statement and leaves bound to their owner', () => {
    const statement = JSON.stringify({ format: 2, reservesUsdCents: '1234' });
    const statementHash = createHash('sha256').update(statement).digest();
    const third: LiabilitySnapshot = (() => {
      const unsigned = {
        id: 'snap-3',
        takenAt: '2026-11-25T12:00:00.000Z',
        rootHash: 'ef'.repeat(32),
        rootSum: '1000',
        leafCount: 1,
        previousRootHash: second.rootHash,
        format: 2 as const,
        statementHash: statementHash.toString('hex'),
        figures: null,
        statement,
      };
      const signature = sign(null, snapshotSignedMessage(unsigned, statementHash), privateKey).toString(
        'hex',
      );
      return { ...unsigned, signature };
    })();

    it('signs the root and the SHA-256 of the statement', async () => {
      expect(Buffer.from(snapshotSignedMessage(third, statementHash)).toString('utf8')).toBe(
        `snap-3:2026-11-25T12:00:00.000Z:${'ef'.repeat(32)}:1000:${second.rootHash}:${statementHash.toString('hex')}`,
      );
      expect(
        await verifyLiabilityChain({ ...list, snapshots: [third, second, first] }, ed25519Verify, sha256),
      ).toEqual({ isValid: true });
    });

    it('refuses an edited statement and a format 1 snapshot after a format 2 one', async () => {
      const edited = { ...third, statement: statement.replace('1234', '9999') };
      expect(
        problemOf(
          await verifyLiabilityChain({ ...list, snapshots: [edited, second, first] }, ed25519Verify, sha256),
        ),
      ).toBe('The statement of snapshot snap-3 does not match its hash.');
      const rehashed = {
        ...edited,
        statementHash: createHash('sha256').update(edited.statement).digest('hex'),
      };
      expect(
        problemOf(
          await verifyLiabilityChain(
            { ...list, snapshots: [rehashed, second, first] },
            ed25519Verify,
            sha256,
          ),
        ),
      ).toBe('The signature of snapshot snap-3 is not valid.');
      // Older statements are fetched on their own: the hash alone keeps the chain checkable.
      expect(
        await verifyLiabilityChain(
          { ...list, snapshots: [{ ...third, statement: null }, second, first] },
          ed25519Verify,
          sha256,
        ),
      ).toEqual({ isValid: true });
      const downgrade = signed({
        id: 'snap-4',
        takenAt: '2026-11-26T12:00:00.000Z',
        rootHash: 'aa'.repeat(32),
        rootSum: '1000',
        leafCount: 1,
        previousRootHash: third.rootHash,
        format: 1,
        statementHash: null,
        figures: null,
        statement: null,
      });
      expect(
        problemOf(
          await verifyLiabilityChain(
            { ...list, snapshots: [downgrade, third, second, first] },
            ed25519Verify,
            sha256,
          ),
        ),
      ).toBe('Snapshot snap-4 goes back to leaves not bound to their owner after snapshots that bound them.');
    });

    it("checks a bound leaf against the checking person's id", async () => {
      const userId = '3f2b8c1e-0000-4000-8000-000000000001';
      const nonce = 'ab'.repeat(32);
      const leafHash = hashHex(Buffer.from(nonce, 'hex'), Buffer.from(`${userId}snap-3`));
      const proof: LiabilityProof = {
        format: 2,
        snapshotId: 'snap-3',
        rootHash: leafHash,
        rootSum: '1000',
        leaf: { userId, nonce, sum: '1000' },
        index: 0,
        leafCount: 1,
        path: [],
      };
      expect(await verifyLiabilityProof(proof, sha256, userId)).toEqual({ isValid: true });
      expect(problemOf(await verifyLiabilityProof(proof, sha256, 'someone-else'))).toBe(
        `This leaf is bound to account ${userId}, not to yours (someone-else).`,
      );
    });
  });

  it('refuses a public key that is not 32 bytes of hex', async () => {
    expect(problemOf(await verifyLiabilityChain({ ...list, publicKey: 'abc' }, ed25519Verify, sha256))).toBe(
      'The published public key is not 32 bytes of hex.',
    );
  });

  it('matches a proof to its published snapshot', () => {
    const proof = tree.proofFor(0);
    expect(matchPublishedRoot(proof, list)).toEqual({ isValid: true });
    expect(problemOf(matchPublishedRoot({ ...proof, snapshotId: 'snap-9' }, list))).toBe(
      'Snapshot snap-9 is not published.',
    );
    expect(problemOf(matchPublishedRoot({ ...proof, snapshotId: 'snap-1' }, list))).toBe(
      'The proof root differs from the published root of its snapshot.',
    );
    expect(problemOf(matchPublishedRoot({ ...proof, leafCount: 16 }, list))).toBe(
      'The proof leaf count differs from the published one.',
    );
  });
});
