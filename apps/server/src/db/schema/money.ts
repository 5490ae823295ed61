import { sql } from 'drizzle-orm';
import { bigint, customType, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const COINS = ['btc', 'eth', 'usdt'] as const;
const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set only while a file written to disk by an older version waits to be moved into the database. */
    storageKey: text('storage_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content: a proof of payment sent again for another deposit is spotted by it. */
    sha256: text('sha256'),
    ownerId: uuid('owner_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_sha256_idx').on(table.sha256)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The bytes of each stored file, in the database: every process serves every file, and a backup holds them. */
export const storedFileContents = pgTable('stored_file_contents', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    mode: text('mode', { enum: COINS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
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
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    payoutTxHash: text('payout_tx_hash'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_created_idx').on(table.createdAt, table.id),
    index('withdrawals_status_idx').on(table.status, table.createdAt, table.id),
  ],
);

/** Stripe-style idempotency: the key is claimed in the same transaction as the work it guards. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: bigint('response_status', { mode: 'number' }).notNull(),
    responseBody: text('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * How many deposits and withdrawals exist in each state, kept by triggers in the same transaction
 * as the row change, so the admin list shows an exact total without counting a million rows.
 */
export const transactionCounts = pgTable(
  'transaction_counts',
  {
    type: text('type', { enum: ['deposit', 'withdrawal'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
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

/**
 * A wallet address depositors pay to, one coin each, with its QR image. Deleting one only retires
 * it: deposits keep the address and image they were shown.
 */
export const gateways = pgTable(
  'gateways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coin: text('coin', { enum: COINS }).notNull(),
    address: text('address').notNull(),
    imageFileId: uuid('image_file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: text('status', { enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('gateways_coin_idx').on(table.coin, table.status, table.createdAt)],
);

/** Server-wide secrets that every process on the database must share (signing file links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
