import { COINS, PAYOUT_STATES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payoutBatches } from './payout-batches.ts';
import { storedFiles, users } from './users.ts';

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    mode: text('mode', { enum: COINS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    proofFileId: uuid('proof_file_id').references(() => storedFiles.id),
    /** The wallet address the depositor was shown, kept even if the gateway is deleted later. */
    address: text('address'),
    /** The QR image shown with that address, kept with it. */
    addressImageFileId: uuid('address_image_file_id').references(() => storedFiles.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deposits_user_idx').on(table.userId, table.createdAt),
    index('deposits_created_idx').on(table.createdAt, table.id),
    index('deposits_status_idx').on(table.status, table.createdAt, table.id),
    index('deposits_proof_file_idx').on(table.proofFileId).where(sql`proof_file_id is not null`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: COINS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    payoutTxHash: text('payout_tx_hash'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** How many distinct staff must approve it, fixed when it is requested. */
    requiredApprovals: integer('required_approvals').notNull().default(1),
    /** Set once approved: waiting for its transaction, that transaction confirming, or paid. */
    payoutState: text('payout_state', { enum: PAYOUT_STATES }),
    /** The chain showed the payment (false: marked paid on a staff member's word). */
    payoutVerified: boolean('payout_verified').notNull().default(false),
    /** The coin amount owed, fixed at approval at `usdCentsPerCoin`. */
    coinAmountBaseUnits: numeric('coin_amount_base_units', { precision: 78, scale: 0 }),
    usdCentsPerCoin: bigint('usd_cents_per_coin', { mode: 'bigint' }),
    /** The on-chain payment that pays it (`ethereum:<hash>:native` or `ethereum:<hash>:<logIndex>`). */
    payoutSettlementKey: text('payout_settlement_key'),
    payoutBlockHeight: bigint('payout_block_height', { mode: 'number' }),
    /** Blocks on top of the payout's, the last time the follower read it. */
    payoutConfirmations: integer('payout_confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The Bitcoin batch paying it, while one is open or on chain. */
    payoutBatchId: uuid('payout_batch_id').references(() => payoutBatches.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_created_idx').on(table.createdAt, table.id),
    index('withdrawals_status_idx').on(table.status, table.createdAt, table.id),
    uniqueIndex('withdrawals_payout_settlement_key_idx').on(table.payoutSettlementKey),
    index('withdrawals_payout_batch_idx')
      .on(table.payoutBatchId)
      .where(sql`${table.payoutBatchId} IS NOT NULL`),
    index('withdrawals_broadcast_idx').on(table.createdAt).where(sql`${table.payoutState} = 'broadcast'`),
  ],
);

/**
 * How many deposits and withdrawals exist in each state, kept by triggers in the same transaction
 * as the row change, so the admin list shows an exact total without counting a million rows.
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.type, table.status] })],
);

/**
 * How many users, deposits and withdrawals of each status were created in each UTC hour, kept by
 * triggers: a deep page finds the hour of its first row from these, then skips within that hour only.
 */
export const hourlyCounts = pgTable(
  'hourly_counts',
  {
    source: text('source', { enum: ['user', 'deposit', 'withdrawal'] }).notNull(),
    status: text('status').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.source, table.status, table.hour] })],
);
