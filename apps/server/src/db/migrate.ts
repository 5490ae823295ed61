import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { withClient } from './client.ts';

/** Beside this file in the source tree; the build copies it next to the bundle. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK_ID = 7_215_001;

/** Runs pending migrations under an advisory lock, so two servers starting at once migrate once. */
export async function migrateDatabase(url: string, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await withClient(url, async (client) => {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    }
  });
}

export interface MigrationEntry {
  tag: string;
  /** What drizzle records as the migration's `created_at` once applied. */
  when: number;
}

/** The migrations this build carries, oldest first, as their journal lists them. */
export function readMigrationJournal(migrationsFolder = MIGRATIONS_DIR): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}
