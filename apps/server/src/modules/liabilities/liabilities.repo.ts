import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSecrets, ledgerAccounts, liabilitySnapshots, liabilityTreeNodes } from '../../db/schema/index.ts';

export type SnapshotRow = typeof liabilitySnapshots.$inferSelect;

export interface UserTotal {
  userId: string;
  totalCents: bigint;
}

/** Every user whose accounts (available + withdrawal hold + invested) add up to more than zero. */
export async function listUserTotals(db: Executor): Promise<UserTotal[]> {
  const { rows } = await db.execute<{ user_id: string; total_cents: string }>(sql`
    select user_id, sum(balance_cents)::text as total_cents
    from ${ledgerAccounts}
    where user_id is not null
    group by user_id
    having sum(balance_cents) <> 0`);
  return rows.map((row) => ({ userId: row.user_id, totalCents: BigInt(row.total_cents) }));
}

/** The ledger position a consistent read sees: how many transfers exist in it (none is ever deleted). */
export async function countTransfers(db: Executor): Promise<bigint> {
  const { rows } = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from ledger_transfers`,
  );
  return BigInt(rows[0]?.count ?? '0');
}

export async function findLatestSnapshot(db: Executor): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(liabilitySnapshots)
    .orderBy(desc(liabilitySnapshots.sequence))
    .limit(1);
  return row;
}

export async function findSnapshot(db: Executor, { id }: { id: string }): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, id));
  return row;
}

/** Newest first. */
export async function listSnapshots(db: Executor): Promise<SnapshotRow[]> {
  return db.select().from(liabilitySnapshots).orderBy(desc(liabilitySnapshots.sequence));
}

export async function insertSnapshot(db: Executor, values: SnapshotRow): Promise<void> {
  await db.insert(liabilitySnapshots).values(values);
}

export interface NodeRows {
  levels: number[];
  positions: number[];
  hashes: string[];
  sums: string[];
  userIds: (string | null)[];
  leafIds: (string | null)[];
}

/** One statement per batch of nodes, the columns sent as arrays (hashes as hex). */
export async function insertTreeNodes(db: Executor, snapshotId: string, nodes: NodeRows): Promise<void> {
  await db.execute(sql`
    insert into ${liabilityTreeNodes} (snapshot_id, level, position, hash, sum_cents, user_id, leaf_id)
    select ${snapshotId}::uuid, level, position, decode(hash, 'hex'), sum_cents, user_id, leaf_id
    from unnest(
      ${sql.param(nodes.levels)}::smallint[], ${sql.param(nodes.positions)}::integer[],
      ${sql.param(nodes.hashes)}::text[], ${sql.param(nodes.sums)}::bigint[],
      ${sql.param(nodes.userIds)}::uuid[], ${sql.param(nodes.leafIds)}::text[]
    ) as node(level, position, hash, sum_cents, user_id, leaf_id)`);
}

export async function findUserLeaf(
  db: Executor,
  { snapshotId, userId }: { snapshotId: string; userId: string },
): Promise<{ position: number; leafId: string; sumCents: bigint } | undefined> {
  const [row] = await db
    .select({
      position: liabilityTreeNodes.position,
      leafId: liabilityTreeNodes.leafId,
      sumCents: liabilityTreeNodes.sumCents,
    })
    .from(liabilityTreeNodes)
    .where(
      and(
        eq(liabilityTreeNodes.snapshotId, snapshotId),
        eq(liabilityTreeNodes.userId, userId),
        isNotNull(liabilityTreeNodes.leafId),
      ),
    );
  return row?.leafId ? { position: row.position, leafId: row.leafId, sumCents: row.sumCents } : undefined;
}

/** The nodes at (level, position) pairs, returned in the order asked. */
export async function findNodes(
  db: Executor,
  { snapshotId, at }: { snapshotId: string; at: { level: number; position: number }[] },
): Promise<{ hash: Buffer; sumCents: bigint }[]> {
  const { rows } = await db.execute<{ hash: Buffer; sum_cents: string }>(sql`
    select node.hash, node.sum_cents::text as sum_cents
    from unnest(${sql.param(at.map((point) => point.level))}::smallint[],
                ${sql.param(at.map((point) => point.position))}::integer[])
      with ordinality as wanted(level, position, rank)
    join ${liabilityTreeNodes} node
      on node.snapshot_id = ${snapshotId} and node.level = wanted.level and node.position = wanted.position
    order by wanted.rank`);
  return rows.map((row) => ({ hash: row.hash, sumCents: BigInt(row.sum_cents) }));
}

export async function findUserBalances(
  db: Executor,
  { userId }: { userId: string },
): Promise<{ kind: string; balanceCents: bigint }[]> {
  return db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
}

/** Stores a secret unless one of that name exists; every process then reads the same value. */
export async function insertSecretIfMissing(db: Executor, { name, value }: { name: string; value: string }) {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
}
