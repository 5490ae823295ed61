import { LOGIN_OUTCOMES } from '@vestora/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** When the owner opened the confirmation link sent to `email`; cleared when the address changes. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    suspended: boolean('suspended').notNull().default(false),
    status: text('status', { enum: ['active', 'deleted'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: text('address'),
    postalCode: text('postal_code'),
    country: text('country'),
    /** The picture beside the person's name; a private stored file only they and admins can open. */
    avatarFileId: uuid('avatar_file_id').references((): AnyPgColumn => storedFiles.id),
    /** Base32 TOTP secret; set while enrolling, active once `totpEnabledAt` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    totpRecoveryHashes: text('totp_recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Raised by every credential change; only sessions of the current generation authenticate. */
    sessionGeneration: integer('session_generation').notNull().default(0),
    /** A credential change refuses withdrawals until this time: a thief who took over waits it out. */
    withdrawalsLockedUntil: timestamp('withdrawals_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account was closed (status `deleted`): its identity documents are kept for the retention time from here. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_user_name_key').on(sql`lower(${table.userName})`),
    index('users_created_at_idx').on(table.createdAt),
    index('users_active_created_idx').on(table.createdAt, table.id).where(sql`status = 'active'`),
  ],
);

/** How many accounts are active and deleted, kept by a trigger, so the admin list counts nothing. */
export const userCounts = pgTable('user_counts', {
  status: text('status', { enum: ['active', 'deleted'] }).primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The user's session generation when it was created: an older one no longer authenticates. */
    generation: integer('generation').notNull().default(0),
    /** The browser's User-Agent at sign-in, cut to 300 characters: which device this is. */
    userAgent: text('user_agent'),
    /** The address the sign-in came from. */
    ip: text('ip'),
    /** Moved forward at most once a minute by the request that finds it older, so reads stay reads. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the person last gave their password (and code) again on this session: staff sudo mode. */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Attempts at something limited (a sign-in, a code, a password check, a reset), reserved before the
 * expensive check and kept in the database so every server process counts the same ones.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('attempts_subject_idx').on(table.subject, table.attemptedAt),
    index('attempts_attempted_at_idx').on(table.attemptedAt),
  ],
);

/** The link the old address receives when the e-mail changes: it restores that address and locks the account. */
export const emailChangeLocks = pgTable(
  'email_change_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    previousEmail: text('previous_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_change_locks_user_idx').on(table.userId)],
);

/** Every sign-in attempt on a known account: what the person and the admins see under Security. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    outcome: text('outcome', { enum: LOGIN_OUTCOMES }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_events_user_idx').on(table.userId, table.createdAt),
    index('login_events_created_at_idx').on(table.createdAt),
  ],
);

/*
 * Stored files live beside the users table because the two reference each other (a user's avatar is
 * a stored file, a stored file has an owning user): in two files they would import each other.
 */

export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set only while a file written to disk by an older version waits to be moved into the database. */
    storageKey: text('storage_key'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content: a proof of payment sent again for another deposit is spotted by it. */
    sha256: text('sha256'),
    ownerId: uuid('owner_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_files_sha256_idx').on(table.sha256)],
);

/** The bytes of each stored file, in the database: every process serves every file, and a backup holds them. */
export const storedFileContents = pgTable('stored_file_contents', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
