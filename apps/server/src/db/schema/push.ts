import type { PushMessage } from '@vestora/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A browser that asked for notifications: the push service's address for it and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId, table.createdAt)],
);

/** Pushes waiting to go, one per subscription; gone once sent or given up. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    message: jsonb('message').$type<PushMessage>().notNull(),
    urgency: text('urgency', { enum: ['normal', 'high'] })
      .notNull()
      .default('normal'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed attempt waits until this time; null means at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('push_outbox_created_idx').on(table.createdAt),
    index('push_outbox_subscription_idx').on(table.subscriptionId),
  ],
);

/** Which pushes a user wants; no row means every one. Security notices are pushed regardless. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  deposits: boolean('deposits').notNull().default(true),
  withdrawals: boolean('withdrawals').notNull().default(true),
  tickets: boolean('tickets').notNull().default(true),
});
