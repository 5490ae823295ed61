import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundUser, ledgerHealth, multipart, TINY_PNG } from '../../test/money.ts';
import { ADMIN, bearer, createTestApp, login, signUpAndLogin, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../lib/clock.ts';
import { openImage } from '../modules/identity/document-sealing.ts';
import { describeNonEmptyDatabase, restoreBackup, writeBackup } from './backup.ts';
import { connectDatabase, withClient } from './client.ts';
import { identityImages } from './schema/index.ts';

let t: TestApp;
let folder: string;
let sourceUrl: URL;
beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'vestora-backup-test-'));
  sourceUrl = new URL(String(t.pool.options.connectionString));
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
});

/** A new empty database beside the test's own (dropped with it at the end of the run). */
async function emptyDatabase(suffix: string): Promise<string> {
  const name = `${sourceUrl.pathname.slice(1)}_${suffix}`;
  await withClient(sourceUrl.toString(), (admin) => admin.query(`create database ${name}`));
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function tableCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from "${tablename}"`);
      counts[tablename] = Number(rows[0]?.count);
    }
    return counts;
  });
}

describe('backup and restore on an external PostgreSQL', () => {
  it('restores every table, file and balance into an empty database, and refuses a non-empty one', async () => {
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const { token, user, input } = await signUpAndLogin(t.app);
    await fundUser(t.app, admin.token, user._id, 125);
    const picture = Buffer.concat([TINY_PNG, Buffer.from('backed up')]);
    const { payload, headers } = multipart(
      {},
      { field: 'image', name: 'me.png', type: 'image/png', content: picture },
    );
    const avatar = await t.app.inject({
      method: 'PUT',
      url: '/api/user/avatar',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    const avatarUrl = avatar.json().data.avatar;

    const file = path.join(folder, 'good.backup.gz');
    const summary = await writeBackup(sourceUrl.toString(), file, systemClock);
    expect(summary.schema.tag).toMatch(/^\d{4}_/);
    const target = await emptyDatabase('restored');
    await restoreBackup(target, file);
    expect(await tableCounts(target)).toEqual(await tableCounts(sourceUrl.toString()));

    const connection = connectDatabase(target);
    const restored = await buildApp({ config: t.config, db: connection.db, logger: false });
    try {
      const signedIn = await login(restored, input.userName, input.password);
      expect(signedIn.user.accountBalance).toBe(125);
      const served = await restored.inject({ url: avatarUrl, headers: bearer(signedIn.token) });
      expect(served.rawPayload).toEqual(picture);
      const restoredAdmin = await login(restored, ADMIN.email, ADMIN.password);
      expect((await ledgerHealth(restored, restoredAdmin.token)).isHealthy).toBe(true);
    } finally {
      await restored.close();
      await connection.close();
    }

    await expect(restoreBackup(target, file)).rejects.toThrow(
      /^The target database is not empty \(it already holds \d+ tables\); restore needs an empty one\.$/,
    );
  });

  it('refuses a damaged archive or another file, and leaves the database empty for the next attempt', async () => {
    const file = path.join(folder, 'source.backup.gz');
    await writeBackup(sourceUrl.toString(), file, systemClock);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const usersAt = lines.findIndex((line) => line.startsWith('{"table":"users"'));
    // One user row goes missing, as a truncated copy would lose it.
    lines.splice(usersAt + 1, 1);
    const damaged = path.join(folder, 'damaged.backup.gz');
    await writeFile(damaged, gzipSync(lines.join('\n')));
    const target = await emptyDatabase('damaged');
    await expect(restoreBackup(target, damaged)).rejects.toThrow(
      'The backup file is damaged: its tables do not match their checksums.',
    );
    expect(await describeNonEmptyDatabase(target)).toBeNull();

    const notABackup = path.join(folder, 'notes.txt.gz');
    await writeFile(notABackup, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(target, notABackup)).rejects.toThrow('This file is not a Vestora backup.');
    await writeFile(notABackup, 'plain text');
    await expect(restoreBackup(target, notABackup)).rejects.toThrow('This file is not a Vestora backup.');
    expect(await describeNonEmptyDatabase(target)).toBeNull();
    // The same database takes the intact archive afterwards.
    await restoreBackup(target, file);
    expect(await tableCounts(target)).toEqual(await tableCounts(sourceUrl.toString()));
  });

  it('carries identity images sealed: no plain image in the archive, and the key opens them after a restore', async () => {
    const { token, user } = await signUpAndLogin(t.app);
    const marker = 'passport page of a depositor';
    const picture = Buffer.concat([TINY_PNG, Buffer.from(marker)]);
    const { payload, headers } = multipart(
      { side: 'front' },
      { field: 'image', name: 'front.png', type: 'image/png', content: picture },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/user/verification/images',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const imageId: string = uploaded.json().data.id;

    const file = path.join(folder, 'identity.backup.gz');
    await writeBackup(sourceUrl.toString(), file, systemClock);
    const archive = gunzipSync(await readFile(file)).toString('utf8');
    // COPY writes bytea as hex: neither the bytes nor their hex may be there, only the ciphertext.
    expect(archive).toContain(imageId);
    expect(archive).not.toContain(marker);
    expect(archive).not.toContain(picture.toString('hex'));
    expect(archive).not.toContain(Buffer.from(marker).toString('hex'));

    const target = await emptyDatabase('identity');
    await restoreBackup(target, file);
    const connection = connectDatabase(target);
    // Built on the same DATA_DIR, so it reads the same document key file.
    const restored = await buildApp({ config: t.config, db: connection.db, logger: false });
    try {
      const [row] = await connection.db.select().from(identityImages).where(eq(identityImages.id, imageId));
      if (!row) throw new Error('the image did not come back');
      expect(openImage(restored.documentKey, row, { imageId, userId: user._id })).toEqual(picture);
    } finally {
      await restored.close();
      await connection.close();
    }
  });
});
