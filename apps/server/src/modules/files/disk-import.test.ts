import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, type TestApp } from '../../../test/test-app.ts';
import { connectDatabase, type DatabaseConnection } from '../../db/client.ts';
import { moveDiskFilesIntoDatabase } from './disk-import.ts';

let t: TestApp;
let other: DatabaseConnection;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  // A second process on the same database: its own pool, so the advisory lock is really contended.
  other = connectDatabase(String(t.pool.options.connectionString));
  uploadsDir = path.join(t.config.dataDir, 'uploads');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A file as versions before this one stored it: a record naming a key, the bytes on disk. */
async function fileOnDisk(content: Buffer, { isWritten = true } = {}): Promise<string> {
  const key = randomBytes(16).toString('hex');
  if (isWritten) {
    await mkdir(path.join(uploadsDir, key.slice(0, 2)), { recursive: true });
    await writeFile(path.join(uploadsDir, key.slice(0, 2), key), content);
  }
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into stored_files (storage_key, mime_type, size_bytes) values ($1, 'image/png', $2) returning id`,
    [key, content.length],
  );
  return rows[0]?.id ?? '';
}

async function filesLeftOnDisk(): Promise<number> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

describe('files left on disk by an older version', () => {
  it('are moved into the database once, by two processes starting together, and served as before', async () => {
    const contents = Array.from({ length: 5 }, (_, index) =>
      Buffer.concat([TINY_PNG, Buffer.from(`old upload ${index}`)]),
    );
    const ids = await Promise.all(contents.map((content) => fileOnDisk(content)));
    const runs = await Promise.all([
      moveDiskFilesIntoDatabase(t.db, uploadsDir),
      moveDiskFilesIntoDatabase(other.db, uploadsDir),
    ]);
    expect(runs.map((run) => run.moved).sort()).toEqual([0, 5]);
    expect(await filesLeftOnDisk()).toBe(0);

    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    for (const [index, id] of ids.entries()) {
      const served = await t.app.inject({ url: `/api/files/${id}`, headers: bearer(admin.token) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(contents[index]);
    }
    expect(await moveDiskFilesIntoDatabase(t.db, uploadsDir)).toEqual({ moved: 0, missing: 0 });
  });

  it('leaves a file this machine does not hold for the machine that does', async () => {
    const id = await fileOnDisk(TINY_PNG, { isWritten: false });
    expect(await moveDiskFilesIntoDatabase(t.db, uploadsDir)).toEqual({ moved: 0, missing: 1 });
    const { rows } = await t.pool.query('select storage_key from stored_files where id = $1', [id]);
    expect(rows[0]?.storage_key).toMatch(/^[0-9a-f]{32}$/);
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    expect((await t.app.inject({ url: `/api/files/${id}`, headers: bearer(admin.token) })).statusCode).toBe(
      404,
    );
  });
});
