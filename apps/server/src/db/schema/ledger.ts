import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const ACCOUNT_KINDS = [
  'available',
  'withdrawal_hold',
  'invested',
  'deposits',
  'withdrawals',
  'adjustments',
  'yield_reserve',
  'operator_funding',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * A balance owned by a user (available, withdrawal_hold, invested) or by the platform. The stored
 * balance is maintained in the same transaction as the transfers that change it; user balances can
 * never go below zero, platform sources (deposits, adjustments, operator_funding) go negative as
 * money enters from outside, so the sum over all accounts is always zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    balanceCents: bigint('balance_cents', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(table.userId, table.kind).where(sql`user_id is not null`),
    uniqueIndex('ledger_accounts_platform_kind_key').on(table.kind).where(sql`user_id is null`),
    check('ledger_accounts_user_not_negative', sql`user_id is null or balance_cents >= 0`),
  ],
);

export const TRANSFER_KINDS = [
  'deposit',
  'admin_credit',
  'admin_debit',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'investment',
  'plan_return',
  'principal_return',
  'reserve_funding',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * One immutable movement: `amount_cents` leaves the debit account and arrives in the credit account.
 * A database trigger refuses UPDATE and DELETE. `settlement_key` makes each settlement of a reference
 * (a deposit's approval, a withdrawal's payout…) happen at most once.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    settlementKey: text('settlement_key').notNull(),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    referenceType: text('reference_type', {
      enum: ['deposit', 'withdrawal', 'adjustment', 'investment', 'reserve'],
    }).notNull(),
    referenceId: uuid('reference_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_settlement_key').on(table.settlementKey),
    // In time order per account: a statement pages through one account's transfers (0020).
    index('ledger_transfers_debit_order_idx').on(table.debitAccountId, table.createdAt, table.id),
    index('ledger_transfers_credit_order_idx').on(table.creditAccountId, table.createdAt, table.id),
    index('ledger_transfers_reference_idx').on(table.referenceId),
    // A profile's plan return total reads only these entries (0022), however long the user's history.
    index('ledger_transfers_plan_returns_idx').on(table.creditAccountId).where(sql`kind = 'plan_return'`),
    check('ledger_transfers_amount_positive', sql`amount_cents > 0`),
    check('ledger_transfers_distinct_accounts', sql`debit_account_id <> credit_account_id`),
  ],
);

/**
 * The latest exact ledger health report (one row): the admin console's banner reads it instead of
 * recomputing the health from every transfer on each page it shows.
 */
export const ledgerHealthReports = pgTable(
  'ledger_health_reports',
  {
    id: integer('id').primaryKey().default(1),
    report: jsonb('report').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('ledger_health_reports_single_row', sql`${table.id} = 1`)],
);
