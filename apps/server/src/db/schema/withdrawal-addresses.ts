import { COINS } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { withdrawals } from './money.ts';
import { users } from './users.ts';

/**
 * The addresses a user may withdraw to. A new one is usable only from `usableAt` (its cool-off), and
 * the e-mail announcing it carries a link that cancels it. Removed ones keep their row.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    coin: text('coin', { enum: COINS }).notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawal_addresses_live_key')
      .on(table.userId, table.coin, table.address)
      .where(sql`removed_at IS NULL`),
  ],
);

/** Each administrator's approval of a withdrawal that needs two: the first is recorded here. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.withdrawalId, table.adminId] })],
);
