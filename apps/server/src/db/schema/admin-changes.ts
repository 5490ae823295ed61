import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A staff action a quorum guards, waiting for its approvals. Who may approve, and how many must, are
 * fixed when it is proposed: suspending or demoting someone afterwards never lowers the quorum.
 */
export const adminChanges = pgTable(
  'admin_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Approvals it needs besides its proposer's. */
    requiredApprovals: integer('required_approvals').notNull().default(1),
    eligibleApproverIds: uuid('eligible_approver_ids').array().notNull().default(sql`'{}'`),
  },
  (table) => [
    index('admin_changes_pending_idx').on(table.kind, table.requestedAt).where(sql`status = 'pending'`),
  ],
);
