import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Clock } from '../lib/clock.ts';
import { withClient } from './client.ts';
import { MIGRATIONS_DIR, type MigrationEntry, migrateDatabase, readMigrationJournal } from './migrate.ts';

/**
 * One gzip'ed text file: a header line (JSON), then per table a line naming it and its columns,
 * its rows in PostgreSQL's COPY text format, and the COPY end marker `\.`; last, a manifest line
 * with every table's row count and SHA-256 and the sequences. Why this format:
 * docs/decisions/002-backup-format.md.
 */
const FORMAT = 'vestora-backup';
const FORMAT_VERSION = 1;
const END_OF_DATA = '\\.';

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The last migration the database had: restore builds exactly that schema before loading rows. */
  schema: MigrationEntry;
}

interface TableSummary {
  table: string;
  rows: number;
  sha256: string;
}

interface Manifest {
  manifest: { tables: TableSummary[]; sequences: { name: string; value: string | null }[] };
}

export interface BackupSummary {
  schema: MigrationEntry;
  tables: TableSummary[];
}

const quote = (client: pg.ClientBase, name: string) => client.escapeIdentifier(name);

async function listTables(client: pg.ClientBase): Promise<{ table: string; columns: string[] }[]> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(`
    select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    group by c.relname
    order by c.relname`);
  return rows;
}

async function appliedMigration(client: pg.ClientBase): Promise<MigrationEntry> {
  const { rows } = await client.query<{ applied: string | null }>(
    'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = Number(rows[0]?.applied ?? 0);
  const entry = readMigrationJournal().find((candidate) => candidate.when === applied);
  if (!entry) {
    throw new Error(
      `The database is at a migration this version of Vestora does not know (${applied}); back it up with the version that runs it.`,
    );
  }
  return entry;
}

/** Writes the gzip'ed text, waiting whenever the compressor is behind. */
async function writeText(output: NodeJS.WritableStream, text: string | Buffer): Promise<void> {
  if (!output.write(text)) await once(output, 'drain');
}

/**
 * Writes a consistent archive of the database at `url` to `file` while the platform keeps running:
 * every table is read in one REPEATABLE READ, READ ONLY transaction, so all of them show the same
 * moment, and nothing waits for the backup.
 */
export async function writeBackup(url: string, file: string, clock: Clock): Promise<BackupSummary> {
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read, read only');
    try {
      const header: Header = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: clock.now().toISOString(),
        schema: await appliedMigration(client),
      };
      const gzip = createGzip();
      const written = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
      try {
        await writeText(gzip, `${JSON.stringify(header)}\n`);
        const tables: TableSummary[] = [];
        for (const { table, columns } of await listTables(client)) {
          await writeText(gzip, `${JSON.stringify({ table, columns })}\n`);
          const hash = createHash('sha256');
          let rows = 0;
          const columnList = columns.map((column) => quote(client, column)).join(', ');
          const stream = client.query(copyTo(`copy ${quote(client, table)} (${columnList}) to stdout`));
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            hash.update(chunk);
            for (const byte of chunk) if (byte === 10) rows += 1;
            await writeText(gzip, chunk);
          }
          await writeText(gzip, `${END_OF_DATA}\n`);
          tables.push({ table, rows, sha256: hash.digest('hex') });
        }
        const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
          `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
        );
        const manifest: Manifest = { manifest: { tables, sequences } };
        gzip.end(`${JSON.stringify(manifest)}\n`);
        await written;
        return { schema: header.schema, tables };
      } catch (error) {
        // No half-written archive is left to be mistaken for a backup.
        gzip.destroy();
        await written.catch(() => {});
        await rm(file, { force: true });
        throw error;
      }
    } finally {
      await client.query('rollback');
    }
  });
}

/** Why a database cannot take a restore, or null when it is empty. */
export async function describeNonEmptyDatabase(url: string): Promise<string | null> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const count = Number(rows[0]?.count ?? 0);
    return count === 0 ? null : `it already holds ${count} tables`;
  });
}

/** The migrations folder cut at `last`, so the restored schema is exactly the one the rows came from. */
async function migrationsUpTo(last: MigrationEntry): Promise<string> {
  const journal = readMigrationJournal();
  const index = journal.findIndex((entry) => entry.when === last.when && entry.tag === last.tag);
  if (index < 0) {
    throw new Error(
      `This backup was made at migration ${last.tag}, which this version of Vestora does not have: restore it with the same or a newer version.`,
    );
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vestora-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const full = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...full, entries: full.entries.slice(0, index + 1) }),
  );
  return folder;
}

/**
 * Loads an archive into the empty database at `url`: builds the schema of the archive's migration,
 * loads every table with COPY in one transaction (foreign keys dropped meanwhile and re-created
 * after, so they are checked once over the whole data; user triggers off, so counters are not
 * counted twice), restores the sequences, checks row counts and checksums against the manifest,
 * commits, then runs the migrations this version added since.
 */
export async function restoreBackup(url: string, file: string): Promise<BackupSummary> {
  const reason = await describeNonEmptyDatabase(url);
  if (reason) throw new Error(`The target database is not empty (${reason}); restore needs an empty one.`);

  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done) throw new Error('The backup file ends too early: it is incomplete.');
    return value;
  };

  const header = await readHeader(nextLine);
  const folder = await migrationsUpTo(header.schema);
  try {
    await migrateDatabase(url, folder);
    const tables = await withClient(url, async (client) => {
      await client.query('begin');
      try {
        const loaded = await loadTables(client, nextLine);
        await client.query('commit');
        return loaded;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    });
    await migrateDatabase(url);
    return { schema: header.schema, tables };
  } catch (error) {
    // The database was empty before: it is left empty again, so the next attempt is not refused.
    await emptyDatabase(url);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function readHeader(nextLine: () => Promise<string>): Promise<Header> {
  const header = await nextLine().then(
    (line) => JSON.parse(line) as Partial<Header>,
    () => ({}) as Partial<Header>,
  );
  if (header.format !== FORMAT || header.version !== FORMAT_VERSION || !header.schema) {
    throw new Error('This file is not a Vestora backup.');
  }
  return header as Header;
}

/** Drops what a failed restore created: the migrations' tables, functions and bookkeeping. */
async function emptyDatabase(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query('begin');
    await client.query('drop schema if exists drizzle cascade');
    for (const { table } of await listTables(client)) {
      await client.query(`drop table if exists ${quote(client, table)} cascade`);
    }
    const { rows } = await client.query<{ signature: string }>(`
      select p.oid::regprocedure::text as signature
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`);
    for (const { signature } of rows) await client.query(`drop function if exists ${signature} cascade`);
    await client.query('commit');
  });
}

async function loadTables(client: pg.Client, nextLine: () => Promise<string>): Promise<TableSummary[]> {
  const tables = await listTables(client);
  const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`);
  for (const key of foreignKeys) {
    await client.query(`alter table ${quote(client, key.table)} drop constraint ${quote(client, key.name)}`);
  }
  for (const { table } of tables) {
    await client.query(`alter table ${quote(client, table)} disable trigger user`);
  }
  // Rows the migrations seeded (platform accounts, counters, secrets) make way for the archive's.
  await client.query(`truncate ${tables.map(({ table }) => quote(client, table)).join(', ')}`);

  const loaded: TableSummary[] = [];
  for (;;) {
    const line = await nextLine();
    const entry = JSON.parse(line) as { table: string; columns: string[] } | Manifest;
    if ('manifest' in entry) {
      await checkAgainstManifest(client, loaded, entry);
      break;
    }
    if (!tables.some(({ table }) => table === entry.table)) {
      throw new Error(`The backup holds a table (${entry.table}) its schema version does not have.`);
    }
    loaded.push(await copyTable(client, entry, nextLine));
  }

  for (const { table } of tables) {
    await client.query(`alter table ${quote(client, table)} enable trigger user`);
  }
  for (const key of foreignKeys) {
    await client.query(
      `alter table ${quote(client, key.table)} add constraint ${quote(client, key.name)} ${key.definition}`,
    );
  }
  return loaded;
}

async function copyTable(
  client: pg.Client,
  { table, columns }: { table: string; columns: string[] },
  nextLine: () => Promise<string>,
): Promise<TableSummary> {
  const columnList = columns.map((column) => quote(client, column)).join(', ');
  const stream = client.query(copyFrom(`copy ${quote(client, table)} (${columnList}) from stdin`));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  const hash = createHash('sha256');
  let rows = 0;
  for (let line = await nextLine(); line !== END_OF_DATA; line = await nextLine()) {
    const row = `${line}\n`;
    hash.update(row);
    rows += 1;
    if (!stream.write(row)) await once(stream, 'drain');
  }
  stream.end();
  await finished;
  return { table, rows, sha256: hash.digest('hex') };
}

async function checkAgainstManifest(client: pg.Client, loaded: TableSummary[], { manifest }: Manifest) {
  const describe = (tables: TableSummary[]) =>
    JSON.stringify([...tables].sort((a, b) => (a.table < b.table ? -1 : 1)));
  if (describe(loaded) !== describe(manifest.tables)) {
    throw new Error('The backup file is damaged: its tables do not match their checksums.');
  }
  for (const { table, rows } of manifest.tables) {
    const { rows: counted } = await client.query<{ count: string }>(
      `select count(*) from ${quote(client, table)}`,
    );
    if (Number(counted[0]?.count) !== rows) {
      throw new Error(`Table ${table} holds ${counted[0]?.count} rows after the restore, not ${rows}.`);
    }
  }
  for (const { name, value } of manifest.sequences) {
    if (value !== null)
      await client.query('select setval($1::regclass, $2::bigint)', [quote(client, name), value]);
  }
}
