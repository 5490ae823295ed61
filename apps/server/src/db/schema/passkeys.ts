import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/** A user's WebAuthn credentials: the public key the server checks each assertion with. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    isBackupEligible: boolean('is_backup_eligible').notNull(),
    isBackedUp: boolean('is_backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Set when a copy of the credential was seen (its counter went backwards): refused from then on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

export const PASSKEY_PURPOSES = [
  'register',
  'sign-in',
  'second-factor',
  'reauthenticate',
  'withdrawal',
  'withdrawal-address',
] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

/** What a withdrawal's or an address's challenge commits to. */
export interface PasskeyIntentRecord {
  coin?: string;
  address?: string;
  amountCents?: string;
  nonce: string;
}

/** Challenges issued and not yet answered; an answer deletes its row, so each is used once. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a sign-in with a passkey alone: the passkey names its account. */
    userId: uuid('user_id').references(() => users.id),
    purpose: text('purpose', { enum: PASSKEY_PURPOSES }).notNull(),
    challenge: text('challenge').notNull(),
    intent: jsonb('intent').$type<PasskeyIntentRecord>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('passkey_challenges_expires_idx').on(table.expiresAt),
    index('passkey_challenges_user_idx').on(table.userId),
  ],
);
