import { COINS } from '@vestora/shared';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles, users } from './users.ts';

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
