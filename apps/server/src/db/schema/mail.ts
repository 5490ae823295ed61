import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * E-mails waiting to go and gone. Written in the transaction of the event they report, delivered
 * after commit; a sent one keeps its kind, recipient, subject and time, not its body.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed attempt waits until this time; null means at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_pending_idx').on(table.createdAt).where(sql`status = 'pending'`)],
);

/** A user's anti-phishing code and money e-mail choices; no row means no code and every e-mail. */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  antiPhishingCode: text('anti_phishing_code'),
  deposits: boolean('deposits').notNull().default(true),
  withdrawals: boolean('withdrawals').notNull().default(true),
  adjustments: boolean('adjustments').notNull().default(true),
});

/** The browsers ('agent') and network addresses ('address') an account signed in from, hashed. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['agent', 'address'] }).notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.hash] })],
);
