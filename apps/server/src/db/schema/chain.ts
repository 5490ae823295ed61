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
import { deposits } from './money.ts';
import { users } from './users.ts';

const COINS = ['btc', 'eth', 'usdt'] as const;
export const CHAINS = ['bitcoin', 'ethereum'] as const;
export type Chain = (typeof CHAINS)[number];
export const CHAIN_PAYMENT_STATES = ['detected', 'confirming', 'credited', 'orphaned'] as const;
export type ChainPaymentState = (typeof CHAIN_PAYMENT_STATES)[number];

/**
 * The operator's watch-only account key of one coin. Replacing it retires the old row: addresses
 * already handed out stay derivable from the key they came from.
 */
export const chainWallets = pgTable(
  'chain_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coin: text('coin', { enum: COINS }).notNull(),
    xpub: text('xpub').notNull(),
    confirmations: integer('confirmations').notNull(),
    setBy: uuid('set_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('chain_wallets_active_coin_key').on(table.coin).where(sql`retired_at is null`)],
);

/**
 * One receive index of a wallet given to one user. `address` is what the watcher matched when the
 * row was written; what a user is shown is derived again from the wallet's key and the index.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => chainWallets.id),
    addressIndex: integer('address_index').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deposit_addresses_wallet_index_key').on(table.walletId, table.addressIndex),
    uniqueIndex('deposit_addresses_unpaid_key').on(table.walletId, table.userId).where(sql`paid_at is null`),
  ],
);

/** The last block a watcher has read, by height and hash: where it resumes after a restart. */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain', { enum: CHAINS }).primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The hashes of the blocks read, so a reorganisation can be walked back to the common ancestor. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chain: text('chain', { enum: CHAINS }).notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chain, table.height], name: 'chain_blocks_pkey' })],
);

/** One payment seen on chain to a user's deposit address, with the deposit it is shown as. */
export const chainPayments = pgTable(
  'chain_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `bitcoin:txid:vout`, `ethereum:txhash:logIndex` or `ethereum:txhash:native`; the ledger's too. */
    settlementKey: text('settlement_key').notNull(),
    chain: text('chain', { enum: CHAINS }).notNull(),
    coin: text('coin', { enum: COINS }).notNull(),
    txId: text('tx_id').notNull(),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => deposits.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    addressId: uuid('address_id')
      .notNull()
      .references(() => depositAddresses.id),
    /** Satoshi, wei or the token's smallest unit. */
    amountBaseUnits: numeric('amount_base_units', { precision: 78, scale: 0 }).notNull(),
    state: text('state', { enum: CHAIN_PAYMENT_STATES }).notNull().default('detected'),
    blockHeight: bigint('block_height', { mode: 'number' }),
    blockHash: text('block_hash'),
    /**
     * Where the watcher walked back to when a reorganisation took this payment's block away: it
     * is given up as orphaned only after as many new blocks as it needed confirmations, so a
     * transaction mined again a block or two later (as they usually are) is simply placed again.
     */
    detachedAtHeight: bigint('detached_at_height', { mode: 'number' }),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    rateCents: bigint('rate_cents', { mode: 'bigint' }),
    usdCents: bigint('usd_cents', { mode: 'bigint' }),
    isBelowMinimum: boolean('is_below_minimum').notNull().default(false),
    /** When the administrators were told this payment waits for a current rate. */
    rateAlertedAt: timestamp('rate_alerted_at', { withTimezone: true }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chain_payments_settlement_key').on(table.settlementKey),
    uniqueIndex('chain_payments_deposit_key').on(table.depositId),
    index('chain_payments_open_idx')
      .on(table.chain, table.state)
      .where(sql`state in ('detected', 'confirming')`),
  ],
);
