import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor } from '../../../test/database-url.ts';
import { connectDatabase, type DatabaseConnection, withClient } from '../../db/client.ts';
import { MIGRATIONS_DIR, migrateDatabase } from '../../db/migrate.ts';
import { canonicalJson, type JsonValue } from '../../lib/canonical-json.ts';
import type { Actor } from '../sessions/actor.ts';
import { recordAudit, verifyAuditChain } from './audit.service.ts';

/** Content that JavaScript and PostgreSQL write differently unless the canonical form agrees. */
const CONTENTS: JsonValue[] = [
  { status: 'pending' },
  { zeta: 1, alpha: { nested: [3, 2, 1], empty: {}, none: [] } },
  {
    amounts: [
      0,
      -0.5,
      3.7,
      120,
      1e-7,
      0.000001,
      1e21,
      1e20,
      123456789012345680000,
      2 ** 53,
      -1.5e-10,
      0.1 + 0.2,
    ],
  },
  { text: 'say "hi"\n\tand \u0001 \u001f \\ / \u2028 bye', looksLikeJson: '"12"' },
  // jsonb orders keys by length first; the canonical order is by UTF-8 bytes, astral after wide.
  { é: 1, '😀': 2, ｚ: 3, Z: 4, a: 5, aa: 6, 'a b': 7, b: { approvers: [{ id: 'x' }, { id: 'y' }] } },
  'plain text',
  42,
  true,
  null,
  [],
];

let connection: DatabaseConnection;

/** A database at the migration before the chain, with entries written the way they used to be. */
beforeAll(async () => {
  const serverUrl = inject('serverUrl');
  const database = `${inject('templateDatabase')}_upgrade_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (admin) => admin.query(`create database ${database}`));
  const url = databaseUrlFor(serverUrl, database);
  const before = await migrationsBefore('0025_audit_chain');
  try {
    await migrateDatabase(url, before);
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  connection = connectDatabase(url);
  const { rows } = await connection.pool.query<{ id: string }>(
    `insert into users (user_name, full_name, email, password_hash)
     values ('upgrader', 'Up Grader', 'upgrader@example.com', 'x') returning id`,
  );
  const actorId = rows[0]?.id;
  for (const [index, content] of CONTENTS.entries()) {
    // Microseconds, as now() wrote them, and pairs sharing a time, as one transaction's acts did.
    await connection.pool.query(
      `insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
       values ($1, 'test.legacy', 'test', $2, $3::jsonb, $4::jsonb, $5)`,
      [
        actorId,
        String(index),
        index % 3 === 0 ? null : JSON.stringify(content),
        JSON.stringify(content),
        `2024-05-01 10:00:${String(10 + Math.floor(index / 2)).padStart(2, '0')}.123456+00`,
      ],
    );
  }
  await migrateDatabase(url);
});

afterAll(async () => {
  await connection?.close();
});

async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vestora-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe('upgrading to the chained audit log', () => {
  it('chains the entries written before it, so the upgraded log verifies', async () => {
    expect(await verifyAuditChain(connection.db)).toMatchObject({
      ok: true,
      rows: CONTENTS.length,
      head: { seq: CONTENTS.length },
    });
    const { rows } = await connection.pool.query<{ target_id: string; created_at: string }>(
      `select target_id, to_char(created_at at time zone 'UTC', 'HH24:MI:SS.US') as created_at
       from audit_log order by seq`,
    );
    expect(rows.map((row) => row.created_at)).toEqual(
      CONTENTS.map((_content, index) => `10:00:${10 + Math.floor(index / 2)}.123000`),
    );
  });

  it('goes on from there with the entries the application appends', async () => {
    const { rows } = await connection.pool.query<{ id: string }>(
      `select id from users where user_name = 'upgrader'`,
    );
    const actor = { user: { id: rows[0]?.id } } as Actor;
    await connection.db.transaction((tx) =>
      recordAudit(tx, actor, { action: 'test.new', targetType: 'test', targetId: 'new', after: CONTENTS[4] }),
    );
    expect(await verifyAuditChain(connection.db)).toMatchObject({
      ok: true,
      rows: CONTENTS.length + 1,
      head: { seq: CONTENTS.length + 1 },
    });
  });

  it('writes the same canonical text in SQL as the application does', async () => {
    for (const content of CONTENTS) {
      const { rows } = await connection.pool.query<{ text: string }>(
        'select audit_canonical_json($1::jsonb) as text',
        [JSON.stringify(content)],
      );
      expect(rows[0]?.text).toBe(canonicalJson(content));
    }
  });
});
