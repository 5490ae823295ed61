import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { withClient } from '../src/db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { databaseUrlFor } from './database-url.ts';
import { keepExitCode } from './keep-exit-code.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the one named by TEST_DATABASE_URL, or an embedded one started
 * here. Migrations run once into a template database; every test file clones it (fast) and so
 * starts from a fresh, fully migrated database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepExitCode();
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vestora-test-'));
    // PostgreSQL runs as its own user when we are root, and must be able to enter the directory.
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: () => {} });
    serverUrl = embedded.url;
  }
  const templateDatabase = `vestora_tpl_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${templateDatabase}`));
  await migrateDatabase(databaseUrlFor(serverUrl, templateDatabase));

  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await withClient(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${templateDatabase}%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    });
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
