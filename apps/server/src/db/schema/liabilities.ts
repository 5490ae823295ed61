import type { Coin, LiabilitySnapshot, ReserveKind, ReserveSignatureType } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';

import { users } from './users.ts';

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
    /** 1: salted leaves, nothing stated; 2: leaves bound to their owner and a signed statement (decision 016). */
    format: smallint('format').notNull().default(2),
    /** Format 2: the solvency statement's JSON text, exactly as signed and published. */
    statement: text('statement'),
    /** Format 2: SHA-256 hex of the statement, which the signature covers. */
    statementHash: text('statement_hash'),
    /** Format 2: the statement's headline figures, published with every snapshot of the list. */
    figures: jsonb('figures').$type<NonNullable<LiabilitySnapshot['figures']>>(),
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
 * Where each user's leaf sits in a snapshot, and in format 1 its random id (hashed as the UTF-8 of
 * its canonical text form); format 2 leaves hash the user's own id instead. No foreign keys: checking 100,000 of them per snapshot cost a third of its time; the
 * rows are written in the transaction that writes their snapshot, and users are never deleted.
 */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    snapshotId: uuid('snapshot_id').notNull(),
    userId: uuid('user_id').notNull(),
    position: integer('position').notNull(),
    leafId: uuid('leaf_id'),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.userId] })],
);

/**
 * An address holding the platform's money, proven by a signature over a challenge naming the
 * platform, the address and the date. A removed one stops counting; its row stays, since earlier
 * statements published it.
 */
export const reserveAddresses = pgTable('reserve_addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  coin: text('coin').$type<Coin>().notNull(),
  kind: text('kind').$type<ReserveKind>().notNull(),
  address: text('address').notNull(),
  accountKey: text('account_key'),
  childIndex: integer('child_index'),
  challenge: text('challenge').notNull(),
  signatureType: text('signature_type').$type<ReserveSignatureType>().notNull(),
  signature: text('signature').notNull(),
  registeredBy: uuid('registered_by').references(() => users.id),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});
