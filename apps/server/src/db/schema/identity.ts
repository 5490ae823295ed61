import {
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_IMAGE_SIDES,
  IDENTITY_REJECTION_REASONS,
  IDENTITY_STATUSES,
} from '@vestora/shared';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/** A person's identity details sent for review; approved, they are verified at the full level. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: IDENTITY_STATUSES }).notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    documentType: text('document_type', { enum: IDENTITY_DOCUMENT_TYPES }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    rejectionReason: text('rejection_reason', { enum: IDENTITY_REJECTION_REASONS }),
    rejectionNote: text('rejection_note'),
  },
  (table) => [
    uniqueIndex('identity_verifications_one_open_idx')
      .on(table.userId)
      .where(sql`status IN ('pending', 'approved')`),
    index('identity_verifications_queue_idx').on(table.status, table.submittedAt, table.id),
    index('identity_verifications_user_idx').on(table.userId, table.submittedAt),
  ],
);

/**
 * An image of an identity document, sealed with AES-256-GCM under a key kept outside the database:
 * the database and its backups hold only ciphertext. Uploaded unattached (`verificationId` null)
 * and claimed by the submission that names it.
 */
export const identityImages = pgTable(
  'identity_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    verificationId: uuid('verification_id').references(() => identityVerifications.id, {
      onDelete: 'cascade',
    }),
    side: text('side', { enum: IDENTITY_IMAGE_SIDES }).notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    keyId: text('key_id').notNull(),
    nonce: bytea('nonce').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    authTag: bytea('auth_tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identity_images_side_idx')
      .on(table.verificationId, table.side)
      .where(sql`verification_id IS NOT NULL`),
    index('identity_images_unclaimed_idx').on(table.createdAt).where(sql`verification_id IS NULL`),
    index('identity_images_user_idx').on(table.userId),
  ],
);
