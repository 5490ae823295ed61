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
import { users } from './users.ts';

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
 * Every node of a snapshot's tree, level 0 being the shuffled, padded leaves (a user's leaf names
 * them and its leaf id), so a user's proof is a handful of primary-key reads.
 */
export const liabilityTreeNodes = pgTable(
  'liability_tree_nodes',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => liabilitySnapshots.id),
    level: smallint('level').notNull(),
    position: integer('position').notNull(),
    hash: bytea('hash').notNull(),
    sumCents: bigint('sum_cents', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    leafId: text('leaf_id'),
  },
  (table) => [
    primaryKey({ columns: [table.snapshotId, table.level, table.position] }),
    uniqueIndex('liability_tree_nodes_user_key')
      .on(table.snapshotId, table.userId)
      .where(sql`user_id is not null`),
  ],
);
