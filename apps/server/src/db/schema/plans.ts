import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const PLAN_PERIODS = ['daily', 'weekly', 'monthly'] as const;

/** An investment plan of the catalogue; rates are per period in basis points (3.6% = 360). */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  rateBasisPoints: integer('rate_basis_points').notNull(),
  period: text('period', { enum: PLAN_PERIODS }).notNull().default('daily'),
  durationDays: integer('duration_days').notNull(),
  minCents: bigint('min_cents', { mode: 'bigint' }).notNull(),
  maxCents: bigint('max_cents', { mode: 'bigint' }).notNull(),
  principalReturn: boolean('principal_return').notNull().default(true),
  status: text('status', { enum: ['active', 'retired'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One person's money in one plan. The plan's terms are copied at the start, so editing the
 * catalogue never changes a running investment. `periods_paid` advances with each return transfer,
 * in the same transaction.
 */
export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planName: text('plan_name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    periodDays: integer('period_days').notNull(),
    periodsTotal: integer('periods_total').notNull(),
    principalReturn: boolean('principal_return').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    periodsPaid: integer('periods_paid').notNull().default(0),
    isReturnDelayed: boolean('is_return_delayed').notNull().default(false),
    status: text('status', { enum: ['active', 'completed'] })
      .notNull()
      .default('active'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('investments_user_idx').on(table.userId, table.createdAt),
    index('investments_active_idx').on(table.status, table.startedAt),
  ],
);
