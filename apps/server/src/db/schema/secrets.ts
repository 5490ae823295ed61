import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide secrets that every process on the database must share (signing file links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
