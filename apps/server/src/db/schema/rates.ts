import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The operator's price of one coin in USD cents, the latest one set. */
export const exchangeRates = pgTable('exchange_rates', {
  coin: text('coin').primaryKey(),
  usdCents: bigint('usd_cents', { mode: 'bigint' }).notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  setBy: uuid('set_by'),
});
