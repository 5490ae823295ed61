import { STAFF_ROLES } from '@vestora/shared';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The staff roles a person holds. `granted_at` is when the grant took effect (its approval): a new
 * staff member approves nothing for a while after it, and never a change proposed before it.
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    grantedBy: uuid('granted_by').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

/** How many people must agree to each kind of guarded action; a kind without a row uses the default. */
export const approvalPolicies = pgTable('approval_policies', {
  kind: text('kind').primaryKey(),
  quorum: integer('quorum').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each approval of a pending change, one per person: the quorum is counted from these rows. */
export const adminChangeApprovals = pgTable(
  'admin_change_approvals',
  {
    changeId: uuid('change_id').notNull(),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.changeId, table.approverId] })],
);
