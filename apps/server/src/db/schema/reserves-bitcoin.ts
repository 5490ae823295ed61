import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An output script whose outputs the reserve follower records (a reserve address or a deposit
 * address). A script is followed from `from_height` on; one is never dropped, so following it again
 * later cannot miss what it received in between.
 */
export const bitcoinFollowedScripts = pgTable('bitcoin_followed_scripts', {
  scriptHex: text('script_hex').primaryKey(),
  address: text('address').notNull(),
  fromHeight: bigint('from_height', { mode: 'number' }).notNull(),
  followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every block the follower has read, by height: the highest row is its cursor, and the others let
 * a reorganisation be walked back to the common ancestor at any depth.
 */
export const bitcoinFollowedBlocks = pgTable('bitcoin_followed_blocks', {
  height: bigint('height', { mode: 'number' }).primaryKey(),
  blockHash: text('block_hash').notNull(),
});

/**
 * An output paying a followed script in a block at or below the cursor, and the transaction that
 * spent it if that is also at or below the cursor: the unspent outputs at any height H the follower
 * has read are those created at or below H and not spent at or below H.
 */
export const bitcoinFollowedOutputs = pgTable(
  'bitcoin_followed_outputs',
  {
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    scriptHex: text('script_hex')
      .notNull()
      .references(() => bitcoinFollowedScripts.scriptHex),
    amountBaseUnits: bigint('amount_base_units', { mode: 'bigint' }).notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    spentByTxid: text('spent_by_txid'),
    spentAtHeight: bigint('spent_at_height', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.txid, table.vout], name: 'bitcoin_followed_outputs_pkey' }),
    index('bitcoin_followed_outputs_script_idx').on(table.scriptHex, table.blockHeight),
    index('bitcoin_followed_outputs_block_idx').on(table.blockHeight),
    index('bitcoin_followed_outputs_spent_idx')
      .on(table.spentAtHeight)
      .where(sql`spent_at_height is not null`),
  ],
);
