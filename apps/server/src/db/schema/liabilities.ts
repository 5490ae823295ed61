import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A published root of the Merkle sum tree of every user balance. `sequence` orders the chain and is
 * unique, so two snapshots can never both follow the same predecessor; `ledger_transfer_count` is
 * the ledger position it reflects: how many transfers its consistent read saw.
 */
export const liabilitySnapshots = pgTable(
  'liability_snapshots',
  {
    id: uuid('id').primaryKey(),
    sequence: integer('sequence').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    rootHash: text('root_hash').notNull(),
    rootSumCents: bigint('root_sum_cents', { mode: 'bigint' }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    userCount: integer('user_count').notNull(),
    previousRootHash: text('previous_root_hash').notNull(),
    signature: text('signature').notNull(),
    ledgerTransferCount: bigint('ledger_transfer_count', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('liability_snapshots_sequence_key').on(table.sequence),
    check('liability_snapshots_root_sum_not_negative', sql`root_sum_cents >= 0`),
  ],
);

/**
 * A snapshot's tree, one row per level (0 = the shuffled, padded leaves): each node is 40 bytes of
 * `nodes`, its 32-byte hash then its sum in cents as 8-byte big-endian. Stored uncompressed out of
 * line (migration 0013), so a proof reads one 40-byte slice per level.
 */
export const liabilityTreeLevels = pgTable(
  'liability_tree_levels',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => liabilitySnapshots.id),
    level: smallint('level').notNull(),
    nodes: bytea('nodes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.level] })],
);

/**
 * Where each user's leaf sits in a snapshot, and its random id (hashed as the UTF-8 of its canonical
 * text form). No foreign keys: checking 100,000 of them per snapshot cost a third of its time; the
 * rows are written in the transaction that writes their snapshot, and users are never deleted.
 */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: uuid('snapshot_id').notNull(),
    userId: uuid('user_id').notNull(),
    position: integer('position').notNull(),
    leafId: uuid('leaf_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.userId] })],
);
