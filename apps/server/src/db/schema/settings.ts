import { date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The operator's public claims and contact details (DESIGN.md principle 4): one row, id 1. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  firmName: text('firm_name').notNull().default('Vestora'),
  supportEmail: text('support_email').notNull().default('support@vestora.local'),
  postalAddress: text('postal_address').notNull().default(''),
  /** Free text such as "$12 million"; null until the operator states it. */
  assetsUnderManagement: text('assets_under_management'),
  foundingYear: integer('founding_year'),
  policyEffectiveDate: date('policy_effective_date', { mode: 'string' }).notNull().default('2023-07-21'),
  slides: jsonb('slides').notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
