import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config/env.ts';
import { restoreBackup } from './db/backup.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';

/**
 * `npm run restore -- <file>`: loads a backup into the empty database at DATABASE_URL, or into a new
 * embedded PostgreSQL under an empty DATA_DIR. A database that holds anything is refused.
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
const config = loadConfig();
const databaseDir = path.join(config.dataDir, 'postgres');
let embedded: EmbeddedDatabase | undefined;
try {
  if (!existsSync(path.resolve(file))) throw new Error(`There is no backup file at ${path.resolve(file)}.`);
  if (!config.databaseUrl && existsSync(databaseDir)) {
    throw new Error(
      `DATA_DIR ${config.dataDir} already holds a database; restore needs an empty DATA_DIR (or an empty database at DATABASE_URL).`,
    );
  }
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, { info: console.log, warn: console.warn });
  }
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('No database available.');
  const summary = await restoreBackup(url, path.resolve(file)).catch(async (error: unknown) => {
    // A half-made embedded database would make the next attempt refuse: it goes.
    if (embedded) {
      await embedded.stop();
      embedded = undefined;
      await rm(databaseDir, { recursive: true, force: true });
    }
    throw error;
  });
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restored ${summary.tables.length} tables (${rows} rows, schema ${summary.schema.tag}).`);
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await embedded?.stop();
  process.exit(1);
}
