import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** When each scheduled job last finished a run, whichever process ran it: the payout lag metric reads it. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
});
