import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/env.ts';
import { writeBackup } from './db/backup.ts';
import { type EmbeddedDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded.ts';
import { systemClock } from './lib/clock.ts';

/**
 * `npm run backup -- <file>`: one consistent archive of the database (files included), taken while
 * the platform runs: from DATABASE_URL, or from the embedded PostgreSQL under DATA_DIR (the running
 * server's, or started here when no server runs).
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
let embedded: EmbeddedDatabase | undefined;
try {
  let url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  if (!url) {
    if (!existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
      throw new Error(`There is no database under DATA_DIR ${config.dataDir} to back up.`);
    }
    embedded = await startEmbeddedPostgres(config.dataDir, { info: () => {}, warn: console.warn });
    url = embedded.url;
  }
  const summary = await writeBackup(url, path.resolve(file), systemClock);
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backed up ${summary.tables.length} tables (${rows} rows, schema ${summary.schema.tag}) to ${path.resolve(file)}`,
  );
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await embedded?.stop();
  process.exit(1);
}
