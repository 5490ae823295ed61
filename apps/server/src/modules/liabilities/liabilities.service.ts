import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  randomUUID,
  sign,
} from 'node:crypto';
import {
  type LiabilityBalance,
  type LiabilityList,
  type LiabilityProof,
  type LiabilitySnapshot,
  MESSAGES,
  NO_PREVIOUS_ROOT,
  snapshotSignedMessage,
  type TreeNode,
} from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { readSecret } from '../files/files.service.ts';
import { moneyGovernance } from '../staff/quorum.service.ts';
import {
  countTransfers,
  findLatestSnapshot,
  findNodes,
  findSnapshot,
  findUserBalances,
  findUserLeaf,
  insertLeaves,
  insertSecretIfMissing,
  insertSnapshot,
  insertTreeLevels,
  listSnapshots,
  listUserTotals,
  type SnapshotRow,
  type UserTotal,
} from './liabilities.repo.ts';
import { buildMerkleSumTree, hashLeaf, NODE_BYTES, nodeAt, pathPositions } from './merkle-sum-tree.ts';

/** One snapshot at a time across every server process on the database. */
const SNAPSHOT_LOCK_ID = 7_215_013;
const SIGNING_KEY_SECRET = 'liabilities_signing_key';
const SALT_KEY_SECRET = 'liabilities_salt_key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LiabilityKeys {
  signingKey: KeyObject;
  /** Raw 32-byte Ed25519 public key, hex. */
  publicKey: string;
  /** HMAC key the per-user salts are derived with. */
  saltKey: Buffer;
}

const keysByDatabase = new WeakMap<object, Promise<LiabilityKeys>>();

/**
 * The platform's Ed25519 signing key and the salt key, created by whichever process needs them first
 * and kept in `app_secrets`, so every process on the database signs and salts alike.
 */
export function liabilityKeys(db: Database): Promise<LiabilityKeys> {
  let keys = keysByDatabase.get(db);
  if (!keys) {
    keys = loadOrCreateKeys(db);
    keys.catch(() => keysByDatabase.delete(db));
    keysByDatabase.set(db, keys);
  }
  return keys;
}

async function loadOrCreateKeys(db: Database): Promise<LiabilityKeys> {
  const [signingKeyText, saltKeyText] = await Promise.all([
    readSecret(db, { name: SIGNING_KEY_SECRET }),
    readSecret(db, { name: SALT_KEY_SECRET }),
  ]);
  if (signingKeyText && saltKeyText) return keysFrom(signingKeyText, saltKeyText);
  // First start: whichever process inserts first wins, and every process reads the winner back.
  const { privateKey } = generateKeyPairSync('ed25519');
  await insertSecretIfMissing(db, {
    name: SIGNING_KEY_SECRET,
    value: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  });
  await insertSecretIfMissing(db, { name: SALT_KEY_SECRET, value: randomBytes(32).toString('hex') });
  const [storedSigningKey, storedSaltKey] = await Promise.all([
    readSecret(db, { name: SIGNING_KEY_SECRET }),
    readSecret(db, { name: SALT_KEY_SECRET }),
  ]);
  if (!storedSigningKey || !storedSaltKey) throw new Error('the proof-of-liabilities keys are missing');
  return keysFrom(storedSigningKey, storedSaltKey);
}

function keysFrom(signingKeyText: string, saltKeyText: string): LiabilityKeys {
  const signingKey = createPrivateKey({
    key: Buffer.from(signingKeyText, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const { x } = createPublicKey(signingKey).export({ format: 'jwk' });
  if (!x) throw new Error('the proof-of-liabilities signing key has no public part');
  return {
    signingKey,
    publicKey: Buffer.from(x, 'base64url').toString('hex'),
    saltKey: Buffer.from(saltKeyText, 'hex'),
  };
}

function leafSalt(saltKey: Buffer, snapshotId: string, userId: string): Buffer {
  return createHmac('sha256', saltKey).update(`${snapshotId}:${userId}`).digest();
}

function toPublished(row: SnapshotRow): LiabilitySnapshot {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    rootSum: row.rootSumCents.toString(),
    leafCount: row.leafCount,
    previousRootHash: row.previousRootHash,
    signature: row.signature,
  };
}

export interface SnapshotResult {
  snapshot: LiabilitySnapshot;
  userCount: number;
  ledgerTransferCount: string;
}

/**
 * Takes a snapshot now: every user balance read in one REPEATABLE READ transaction (so postings
 * running meanwhile are either wholly in it or wholly out), shuffled into a Merkle sum tree, signed,
 * chained to the previous root and stored with every node. Waits for a snapshot another process is
 * taking, then takes its own.
 */
export async function takeSnapshot(db: Database, clock: Clock): Promise<SnapshotResult> {
  const result = await runAsLeader(db, SNAPSHOT_LOCK_ID, () => buildAndStoreSnapshot(db, clock), 'wait');
  if (!result) throw new Error('the snapshot lock was not taken');
  return result;
}

/** The daily run: takes a snapshot when the newest one is `intervalMs` old, unless another process is at it. */
export async function takeSnapshotIfDue(
  db: Database,
  clock: Clock,
  intervalMs: number,
): Promise<SnapshotResult | undefined> {
  return runAsLeader(db, SNAPSHOT_LOCK_ID, async () => {
    const latest = await findLatestSnapshot(db);
    if (latest && clock.now().getTime() - latest.takenAt.getTime() < intervalMs) return undefined;
    return buildAndStoreSnapshot(db, clock);
  });
}

async function buildAndStoreSnapshot(db: Database, clock: Clock): Promise<SnapshotResult> {
  const keys = await liabilityKeys(db);
  const { takenAt, totals, transferCount } = await db.transaction(
    async (tx) => {
      // The first query fixes the transaction's snapshot; the clock is read just before it.
      const takenAt = clock.now();
      const totals = await listUserTotals(tx);
      return { takenAt, totals, transferCount: await countTransfers(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const id = randomUUID();
  for (let index = totals.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [totals[index], totals[other]] = [totals[other] as UserTotal, totals[index] as UserTotal];
  }
  const leafIds = totals.map(() => randomUUID());
  const levels = buildMerkleSumTree(
    totals.map(({ userId, totalCents }, index) =>
      hashLeaf(leafSalt(keys.saltKey, id, userId), leafIds[index] as string, totalCents),
    ),
  );
  const root = nodeAt(levels.at(-1) as Buffer, 0);

  const snapshot = await runInTransaction(db, async (tx) => {
    const previous = await findLatestSnapshot(tx);
    const unsigned = {
      id,
      takenAt: takenAt.toISOString(),
      rootHash: Buffer.from(root.hash).toString('hex'),
      rootSum: root.sum.toString(),
      leafCount: (levels[0] as Buffer).length / NODE_BYTES,
      previousRootHash: previous?.rootHash ?? NO_PREVIOUS_ROOT,
    };
    const signature = sign(null, snapshotSignedMessage(unsigned), keys.signingKey).toString('hex');
    await insertSnapshot(tx, {
      id,
      sequence: (previous?.sequence ?? 0) + 1,
      takenAt,
      rootHash: unsigned.rootHash,
      rootSumCents: root.sum,
      leafCount: unsigned.leafCount,
      userCount: totals.length,
      previousRootHash: unsigned.previousRootHash,
      signature,
      ledgerTransferCount: transferCount,
    });
    await insertTreeLevels(tx, { snapshotId: id, levels });
    await insertLeaves(tx, { snapshotId: id, userIds: totals.map(({ userId }) => userId), leafIds });
    return { ...unsigned, signature };
  });
  return { snapshot, userCount: totals.length, ledgerTransferCount: transferCount.toString() };
}

/** Every published snapshot, newest first, with the key that signed them and who guards payouts. */
export async function listPublishedSnapshots(db: Database): Promise<LiabilityList> {
  const [keys, rows, governance] = await Promise.all([
    liabilityKeys(db),
    listSnapshots(db),
    moneyGovernance(db),
  ]);
  return { publicKey: keys.publicKey, governance, snapshots: rows.map(toPublished) };
}

/** The signed-in user's inclusion proof in the newest snapshot, or in `snapshotId`. */
export async function getLiabilityProof(
  db: Database,
  { userId, snapshotId }: { userId: string; snapshotId: string | undefined },
): Promise<LiabilityProof> {
  const snapshot = snapshotId
    ? UUID.test(snapshotId)
      ? await findSnapshot(db, { id: snapshotId.toLowerCase() })
      : undefined
    : await findLatestSnapshot(db);
  if (!snapshot) {
    throw new AppError(
      'NOT_FOUND',
      snapshotId ? MESSAGES.liabilitySnapshotNotFound : MESSAGES.liabilityNoSnapshotYet,
    );
  }
  const leaf = await findUserLeaf(db, { snapshotId: snapshot.id, userId });
  if (!leaf) throw new AppError('NOT_FOUND', MESSAGES.liabilityNotInSnapshot);
  // The leaf's own node first (for its sum), then its siblings up the tree.
  const [own, ...path] = (
    await findNodes(db, {
      snapshotId: snapshot.id,
      nodeBytes: NODE_BYTES,
      at: [{ level: 0, position: leaf.position }, ...pathPositions(leaf.position, snapshot.leafCount)],
    })
  ).map((node) => nodeAt(node, 0));
  const { saltKey } = await liabilityKeys(db);
  return {
    snapshotId: snapshot.id,
    rootHash: snapshot.rootHash,
    rootSum: snapshot.rootSumCents.toString(),
    leaf: {
      leafId: leaf.leafId,
      salt: leafSalt(saltKey, snapshot.id, userId).toString('hex'),
      sum: (own as TreeNode).sum.toString(),
    },
    index: leaf.position,
    leafCount: snapshot.leafCount,
    path: path.map((node) => ({ hash: Buffer.from(node.hash).toString('hex'), sum: node.sum.toString() })),
  };
}

/** The signed-in user's balance now, to set beside what a snapshot counted. */
export async function getLiabilityBalance(
  db: Executor,
  { userId }: { userId: string },
): Promise<LiabilityBalance> {
  const balances = await findUserBalances(db, { userId });
  const of = (kind: string) => balances.find((balance) => balance.kind === kind)?.balanceCents ?? 0n;
  const [available, hold, invested] = [of('available'), of('withdrawal_hold'), of('invested')];
  return {
    availableCents: available.toString(),
    withdrawalHoldCents: hold.toString(),
    investedCents: invested.toString(),
    totalCents: (available + hold + invested).toString(),
  };
}

/** Checks every `intervalMs / 24` whether a snapshot is due; the returned function stops it. */
export function startLiabilitySnapshots(
  db: Database,
  clock: Clock,
  log: { error(details: object, message: string): void },
  intervalMs: number,
): () => Promise<void> {
  return startRepeating(
    () =>
      takeSnapshotIfDue(db, clock, intervalMs).catch((error: unknown) =>
        log.error({ err: error }, 'proof-of-liabilities snapshot failed'),
      ),
    Math.max(60_000, Math.floor(intervalMs / 24)),
  );
}
