import { bigint, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The bytes of each stored file, in the database: every process serves every file, and a backup holds them. */
export const storedFileContents = pgTable('stored_file_contents', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
