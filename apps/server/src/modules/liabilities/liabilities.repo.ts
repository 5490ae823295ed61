import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  ledgerAccounts,
  liabilityLeaves,
  liabilitySnapshots,
  liabilityTreeLevels,
} from '../../db/schema/index.ts';

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

export type ListedSnapshotRow = Omit<SnapshotRow, 'statement'>;

/** Newest first, without their statements: each lists every funded reserve address. */
export async function listSnapshots(db: Executor): Promise<ListedSnapshotRow[]> {
  const { statement: _statement, ...columns } = getTableColumns(liabilitySnapshots);
  return db.select(columns).from(liabilitySnapshots).orderBy(desc(liabilitySnapshots.sequence));
}

/** A snapshot's statement text; undefined when there is no such snapshot, null for format 1. */
export async function findStatement(
  db: Executor,
  { id }: { id: string },
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ statement: liabilitySnapshots.statement })
    .from(liabilitySnapshots)
    .where(eq(liabilitySnapshots.id, id));
  return row?.statement;
}

export async function insertSnapshot(db: Executor, values: SnapshotRow): Promise<void> {
  await db.insert(liabilitySnapshots).values(values);
}

export async function insertTreeLevels(
  db: Executor,
  { snapshotId, levels }: { snapshotId: string; levels: Buffer[] },
): Promise<void> {
  await db.insert(liabilityTreeLevels).values(levels.map((nodes, level) => ({ snapshotId, level, nodes })));
}

/** One statement, the users sent as an array in their leaf order. */
export async function insertLeaves(
  db: Executor,
  { snapshotId, userIds }: { snapshotId: string; userIds: string[] },
): Promise<void> {
  await db.execute(sql`
    insert into ${liabilityLeaves} (snapshot_id, user_id, position)
    select ${snapshotId}::uuid, leaf.user_id, leaf.position - 1
    from unnest(${sql.param(userIds)}::uuid[]) with ordinality as leaf(user_id, position)`);
}

export async function findUserLeaf(
  db: Executor,
  { snapshotId, userId }: { snapshotId: string; userId: string },
): Promise<{ position: number; leafId: string | null } | undefined> {
  const [row] = await db
    .select({ position: liabilityLeaves.position, leafId: liabilityLeaves.leafId })
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.snapshotId, snapshotId), eq(liabilityLeaves.userId, userId)));
  return row;
}

/** The packed nodes (`nodeBytes` each) at (level, position) pairs, in the order asked. */
export async function findNodes(
  db: Executor,
  {
    snapshotId,
    nodeBytes,
    at,
  }: { snapshotId: string; nodeBytes: number; at: { level: number; position: number }[] },
): Promise<Buffer[]> {
  const { rows } = await db.execute<{ node: Buffer }>(sql`
    select substring(tree.nodes from wanted.position * ${nodeBytes} + 1 for ${nodeBytes}) as node
    from unnest(${sql.param(at.map((point) => point.level))}::smallint[],
                ${sql.param(at.map((point) => point.position))}::integer[])
      with ordinality as wanted(level, position, rank)
    join ${liabilityTreeLevels} tree on tree.snapshot_id = ${snapshotId} and tree.level = wanted.level
    order by wanted.rank`);
  return rows.map((row) => row.node);
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
