import { PAYOUT_BATCH_STATES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One unsigned Bitcoin transaction paying approved withdrawals, from its PSBT to its confirmation. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    state: text('state', { enum: PAYOUT_BATCH_STATES }).notNull().default('open'),
    /** The transaction's id: signing a SegWit input leaves it unchanged. */
    txid: text('txid').notNull(),
    /** The unsigned PSBT, base64, as handed to the signer. */
    psbt: text('psbt').notNull(),
    feeRateSatPerVbyte: integer('fee_rate_sat_per_vbyte').notNull(),
    feeBaseUnits: bigint('fee_base_units', { mode: 'bigint' }).notNull(),
    /** The internal (…/1/index) address of the wallet key the change goes to; none without change. */
    changeIndex: integer('change_index'),
    changeAddress: text('change_address'),
    changeBaseUnits: bigint('change_base_units', { mode: 'bigint' }).notNull().default(0n),
    walletXpub: text('wallet_xpub').notNull(),
    /** What the node said when the signed transaction was handed to it. */
    nodeAnswer: text('node_answer'),
    blockHeight: bigint('block_height', { mode: 'number' }),
    confirmations: integer('confirmations'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_batches_txid_idx').on(table.txid),
    uniqueIndex('payout_batches_change_idx').on(table.walletXpub, table.changeIndex),
    index('payout_batches_live_idx').on(table.createdAt).where(sql`${table.state} IN ('open', 'broadcast')`),
  ],
);

/** The outputs a batch spends; locked (one live batch each) until the batch is dropped or cancelled. */
export const payoutBatchInputs = pgTable(
  'payout_batch_inputs',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    address: text('address').notNull(),
    scriptHex: text('script_hex').notNull(),
    amountBaseUnits: bigint('amount_base_units', { mode: 'bigint' }).notNull(),
    isLocked: boolean('is_locked').notNull().default(true),
  },
  (table) => [
    primaryKey({ name: 'payout_batch_inputs_pkey', columns: [table.batchId, table.txid, table.vout] }),
    uniqueIndex('payout_batch_inputs_locked_idx').on(table.txid, table.vout).where(sql`${table.isLocked}`),
  ],
);
