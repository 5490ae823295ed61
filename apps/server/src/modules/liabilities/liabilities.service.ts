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
import { sha256 } from '@noble/hashes/sha2.js';
import {
  type Coin,
  centsToUsd,
  formatUsd,
  type LiabilityBalance,
  type LiabilityList,
  type LiabilityProof,
  type LiabilitySnapshot,
  MESSAGES,
  NO_PREVIOUS_ROOT,
  type SolvencyStatement,
  type StatedReserve,
  snapshotSignedMessage,
  statementBytes,
  type TreeNode,
} from '@vestora/shared';
import type { ChainConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runAsLeader, startRepeating } from '../../lib/leader-job.ts';
import { runInTransaction } from '../../lib/transaction.ts';
import { oncePerDatabase, sharedSecret } from '../app-secrets/app-secrets.service.ts';
import { promisedReturnsCents } from '../investments/promised-returns.ts';
import { yieldReserveCents } from '../ledger/ledger.service.ts';
import { notifyAndMail } from '../notifications/notifications.service.ts';
import { getCurrentRates } from '../rates/rates.service.ts';
import { listStaffHolding, moneyGovernance } from '../staff/quorum.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import {
  countTransfers,
  findLatestSnapshot,
  findNodes,
  findSnapshot,
  findStatement,
  findUserBalances,
  findUserLeaf,
  insertLeaves,
  insertSnapshot,
  insertTreeLevels,
  type ListedSnapshotRow,
  listSnapshots,
  listUserTotals,
  type UserTotal,
} from './liabilities.repo.ts';
import { buildMerkleSumTree, hashBoundLeaf, NODE_BYTES, nodeAt, pathPositions } from './merkle-sum-tree.ts';
import { type ReserveReading, readReserveHoldings } from './reserve-holdings.ts';
import { listActiveReserves } from './reserves.repo.ts';

/** One snapshot at a time across every server process on the database. */
const SNAPSHOT_LOCK_ID = 7_215_013;
const SIGNING_KEY_SECRET = 'liabilities_signing_key';
const SALT_KEY_SECRET = 'liabilities_salt_key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LiabilityKeys {
  signingKey: KeyObject;
  /** Raw 32-byte Ed25519 public key, hex. */
  publicKey: string;
  /** HMAC key the per-user nonces (format 1: salts) are derived with. */
  saltKey: Buffer;
}

/**
 * The platform's Ed25519 signing key and the salt key, created by whichever process needs them first
 * and kept in `app_secrets`, so every process on the database signs and salts alike.
 */
export const liabilityKeys = oncePerDatabase(async (db): Promise<LiabilityKeys> => {
  const [signingKeyText, saltKeyText] = await Promise.all([
    sharedSecret(db, SIGNING_KEY_SECRET, () =>
      generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    ),
    sharedSecret(db, SALT_KEY_SECRET, () => randomBytes(32).toString('hex')),
  ]);
  return keysFrom(signingKeyText, saltKeyText);
});

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

/** A user's nonce in a snapshot (format 1: their salt): derived, so never stored, and only theirs. */
function leafSalt(saltKey: Buffer, snapshotId: string, userId: string): Buffer {
  return createHmac('sha256', saltKey).update(`${snapshotId}:${userId}`).digest();
}

function toPublished(row: ListedSnapshotRow, statement: string | null): LiabilitySnapshot {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    rootHash: row.rootHash,
    rootSum: row.rootSumCents.toString(),
    leafCount: row.leafCount,
    previousRootHash: row.previousRootHash,
    format: row.format === 1 ? 1 : 2,
    statementHash: row.statementHash,
    figures: row.figures,
    statement,
    signature: row.signature,
  };
}

/** What a snapshot needs besides the database: the platform it names and the nodes it reads reserves from. */
export interface SolvencySettings {
  publicUrl: string;
  chain: ChainConfig;
}

const DECIMALS: Record<Coin, bigint> = { btc: 8n, eth: 18n, usdt: 6n };
/** USDT is valued at one dollar, as deposits of it are credited. */
const USDT_CENTS = 100n;

const basisPoints = (part: bigint, whole: bigint) => (whole === 0n ? null : Number((part * 10_000n) / whole));

/**
 * The statement a format 2 snapshot signs (decision 016): reserves at their blocks, valued at the
 * rates in force, against the liabilities and against everything promised (the yield reserve is
 * stated beside them, never added to the reserves).
 */
async function solvencyStatement(
  db: Executor,
  {
    publicUrl,
    takenAt,
    liabilitiesCents,
    reading,
    yieldReserve,
    promisedReturns,
  }: {
    publicUrl: string;
    takenAt: Date;
    liabilitiesCents: bigint;
    reading: ReserveReading;
    yieldReserve: bigint;
    promisedReturns: bigint;
  },
): Promise<SolvencyStatement> {
  const current = await getCurrentRates(db);
  const rates: SolvencyStatement['rates'] = {};
  const usdCentsPerCoin = (coin: Coin): bigint => {
    const rate = coin === 'usdt' ? { usdCents: USDT_CENTS, setAt: takenAt } : current[coin];
    if (!rate) throw new AppError('CONFLICT', MESSAGES.solvencyRateMissing);
    rates[coin] = { usdCentsPerCoin: rate.usdCents.toString(), at: rate.setAt.toISOString() };
    return rate.usdCents;
  };
  const reserves: StatedReserve[] = reading.reserves.map((reserve) => ({
    ...reserve,
    usdCents: (
      (BigInt(reserve.amountBaseUnits) * usdCentsPerCoin(reserve.coin)) /
      10n ** DECIMALS[reserve.coin]
    ).toString(),
  }));
  const reservesUsd = reserves.reduce((sum, reserve) => sum + BigInt(reserve.usdCents), 0n);
  const statement: SolvencyStatement = {
    format: 2,
    platform: new URL(publicUrl).origin,
    liabilitiesCents: liabilitiesCents.toString(),
    blocks: reading.blocks,
    rates,
    reserves,
    reservesUsdCents: reservesUsd.toString(),
    yieldReserveCents: yieldReserve.toString(),
    promisedReturnsCents: promisedReturns.toString(),
    solvencyBasisPoints: basisPoints(reservesUsd, liabilitiesCents),
    // On-chain reserves only: the yield reserve is a ledger figure whose coins, if any, are already
    // among the reserves, and one staff member can raise it without moving a coin.
    coverageBasisPoints: basisPoints(reservesUsd, liabilitiesCents + promisedReturns),
  };
  return statement;
}

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

/**
 * A ratio below 100 % is told to every staff member who reads the money, in the app and by
 * e-mail, in the transaction that publishes it: the public page shows it to everyone anyway.
 */
async function alertShortfall(tx: Executor, statement: SolvencyStatement, takenAt: Date): Promise<void> {
  const { solvencyBasisPoints: solvency, coverageBasisPoints: coverage } = statement;
  const isShort = (ratio: number | null) => ratio !== null && ratio < 10_000;
  if (!isShort(solvency) && !isShort(coverage)) return;
  const body =
    `The solvency snapshot of ${takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC found reserves of ` +
    `${formatUsd(BigInt(statement.reservesUsdCents))} against ${formatUsd(BigInt(statement.liabilitiesCents))} owed ` +
    `(${solvency === null ? 'nothing owed' : percent(solvency)}), and an obligation coverage of ` +
    `${coverage === null ? 'nothing promised' : percent(coverage)}. The public Solvency page shows it.`;
  for (const holder of await listStaffHolding(tx, 'money.read')) {
    await notifyAndMail(
      tx,
      {
        userId: holder.userId,
        kind: 'account',
        title: isShort(solvency) ? 'Reserves below what is owed' : 'Reserves below what is promised',
        body,
        link: '/admin/solvency',
      },
      { kind: 'solvency_shortfall' },
    );
  }
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
export async function takeSnapshot(
  db: Database,
  clock: Clock,
  settings: SolvencySettings,
): Promise<SnapshotResult> {
  const result = await runAsLeader(
    db,
    SNAPSHOT_LOCK_ID,
    () => buildAndStoreSnapshot(db, clock, settings),
    'wait',
  );
  if (!result) throw new Error('the snapshot lock was not taken');
  return result;
}

/** The daily run: takes a snapshot when the newest one is `intervalMs` old, unless another process is at it. */
export async function takeSnapshotIfDue(
  db: Database,
  clock: Clock,
  settings: SolvencySettings & { intervalMs: number },
): Promise<SnapshotResult | undefined> {
  return runAsLeader(db, SNAPSHOT_LOCK_ID, async () => {
    const latest = await findLatestSnapshot(db);
    if (latest && clock.now().getTime() - latest.takenAt.getTime() < settings.intervalMs) return undefined;
    return buildAndStoreSnapshot(db, clock, settings);
  });
}

async function buildAndStoreSnapshot(
  db: Database,
  clock: Clock,
  settings: SolvencySettings,
): Promise<SnapshotResult> {
  const keys = await liabilityKeys(db);
  // The chains first, then the ledger: both are read within moments, each at one consistent point.
  const registered = await listActiveReserves(db);
  const reading: ReserveReading =
    registered.length > 0
      ? await readReserveHoldings(db, settings.chain, registered).catch((error: unknown) => {
          if (error instanceof AppError) throw error;
          throw new AppError('UNAVAILABLE', MESSAGES.solvencyNodeUnreachable);
        })
      : { blocks: {}, reserves: [] };
  const { takenAt, totals, transferCount, yieldReserve, promisedReturns } = await db.transaction(
    async (tx) => {
      // The first query fixes the transaction's snapshot; the clock is read just before it.
      const takenAt = clock.now();
      const totals = await listUserTotals(tx);
      return {
        takenAt,
        totals,
        transferCount: await countTransfers(tx),
        yieldReserve: await yieldReserveCents(tx),
        promisedReturns: await promisedReturnsCents(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const id = randomUUID();
  for (let index = totals.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [totals[index], totals[other]] = [totals[other] as UserTotal, totals[index] as UserTotal];
  }
  const levels = buildMerkleSumTree(
    totals.map(({ userId, totalCents }) =>
      hashBoundLeaf(leafSalt(keys.saltKey, id, userId), userId, id, totalCents),
    ),
  );
  const root = nodeAt(levels.at(-1) as Buffer, 0);
  const stated = await solvencyStatement(db, {
    publicUrl: settings.publicUrl,
    takenAt,
    liabilitiesCents: root.sum,
    reading,
    yieldReserve,
    promisedReturns,
  });
  const statement = JSON.stringify(stated);
  const statementHash = sha256(statementBytes(statement));
  const figures = {
    liabilitiesCents: stated.liabilitiesCents,
    reservesUsdCents: stated.reservesUsdCents,
    solvencyBasisPoints: stated.solvencyBasisPoints,
    coverageBasisPoints: stated.coverageBasisPoints,
  };

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
    const signed = snapshotSignedMessage(unsigned, statementHash);
    const signature = sign(null, signed, keys.signingKey).toString('hex');
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
      format: 2,
      statement,
      statementHash: Buffer.from(statementHash).toString('hex'),
      figures,
      ledgerTransferCount: transferCount,
    });
    await insertTreeLevels(tx, { snapshotId: id, levels });
    await insertLeaves(tx, { snapshotId: id, userIds: totals.map(({ userId }) => userId) });
    await alertShortfall(tx, stated, takenAt);
    await emitWebhookEvent(tx, {
      type: 'snapshot.published',
      data: {
        snapshotId: id,
        publishedAt: unsigned.takenAt,
        totalLiabilities: centsToUsd(root.sum),
        accounts: totals.length,
        rootHash: unsigned.rootHash,
      },
    });
    return {
      ...unsigned,
      format: 2 as const,
      statementHash: Buffer.from(statementHash).toString('hex'),
      figures,
      statement,
      signature,
    };
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
  const [newest] = rows;
  const newestStatement = newest ? ((await findStatement(db, { id: newest.id })) ?? null) : null;
  return {
    publicKey: keys.publicKey,
    governance,
    snapshots: rows.map((row) => toPublished(row, row === newest ? newestStatement : null)),
  };
}

/** A format 2 snapshot's statement, verbatim. */
export async function getStatement(db: Database, { id }: { id: string }): Promise<string> {
  const statement = UUID.test(id) ? await findStatement(db, { id: id.toLowerCase() }) : undefined;
  if (statement === undefined) throw new AppError('NOT_FOUND', MESSAGES.liabilitySnapshotNotFound);
  if (statement === null) throw new AppError('NOT_FOUND', MESSAGES.liabilityNoStatement);
  return statement;
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
  const position = {
    snapshotId: snapshot.id,
    rootHash: snapshot.rootHash,
    rootSum: snapshot.rootSumCents.toString(),
    index: leaf.position,
    leafCount: snapshot.leafCount,
    path: path.map((node) => ({ hash: Buffer.from(node.hash).toString('hex'), sum: node.sum.toString() })),
  };
  const sum = (own as TreeNode).sum.toString();
  const nonce = leafSalt(saltKey, snapshot.id, userId).toString('hex');
  if (snapshot.format === 2) return { ...position, format: 2, leaf: { userId, nonce, sum } };
  if (!leaf.leafId) throw new Error(`format 1 snapshot ${snapshot.id} has a leaf without its id`);
  return { ...position, format: 1, leaf: { leafId: leaf.leafId, salt: nonce, sum } };
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
  settings: SolvencySettings & { intervalMs: number },
): () => Promise<void> {
  return startRepeating(
    () =>
      takeSnapshotIfDue(db, clock, settings).catch((error: unknown) =>
        log.error({ err: error }, 'solvency snapshot failed'),
      ),
    Math.max(60_000, Math.floor(settings.intervalMs / 24)),
  );
}
