import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every administrator act, append-only (a trigger refuses UPDATE and DELETE) and a hash chain: each
 * entry holds the hash of the one before it and of its own content, so an entry edited or removed
 * in the database shows (modules/audit verifies the chain).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The entry's place in the chain: 1, 2, 3 … without gaps (appends are serialised). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The previous entry's `hash`; 64 zeros for the first. */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256, hex, of the canonical JSON of the entry's content and prev_hash. */
    hash: text('hash').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Set by the application, to the millisecond: the time it hashed is the time stored. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('audit_log_seq_key').on(table.seq),
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    check('audit_log_created_at_ms', sql`created_at = date_trunc('milliseconds', created_at)`),
  ],
);
