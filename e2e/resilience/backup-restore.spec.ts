import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E2E_ADMIN,
  freshDataDir,
  ROOT,
  type RunningServer,
  startServer,
  stopServer,
} from '../support/server.ts';

/**
 * `npm run backup` while admin credits are being posted, `npm run restore` into a fresh data
 * directory, and the platform started on it: people, money, files and settings are all there.
 */

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Backup#Pass1';
const dirs: string[] = [];
let originalDir = '';
let original!: RunningServer;
let restored: RunningServer | undefined;

beforeAll(async () => {
  originalDir = await freshDataDir();
  dirs.push(originalDir);
  original = await startServer({ dataDir: originalDir });
}, 240_000);

afterAll(async () => {
  if (restored) await stopServer(restored);
  if (original) await stopServer(original);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function call<T>(server: RunningServer, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function logIn(server: RunningServer, identifier: string, password: string) {
  const { status, json } = await call<{ token: string; data: { _id: string; avatar: string | null } }>(
    server,
    'POST',
    '/api/user/login',
    undefined,
    { userNameOrEmail: identifier, password },
  );
  expect(status).toBe(200);
  return { token: json.token, id: json.data._id, avatar: json.data.avatar };
}

function npmRun(
  script: string,
  file: string,
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function creditReasons(server: RunningServer, token: string): Promise<Set<string>> {
  const reasons = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { json } = await call<{ data: { reason: string | null }[]; total: number }>(
      server,
      'GET',
      `/api/user/transactions?type=adjustment&pageSize=200&page=${page}`,
      token,
    );
    for (const row of json.data) if (row.reason) reasons.add(row.reason);
    if (page * 200 >= json.total) return reasons;
  }
}

describe('backup and restore', () => {
  it('restores users, ledger, files and settings from a backup taken during postings', async () => {
    const admin = await logIn(original, E2E_ADMIN.email, E2E_ADMIN.password);
    const site = {
      firmName: 'Backup Proof Capital',
      supportEmail: 'desk@backup-proof.example',
      postalAddress: '1 Archive Lane',
      policyEffectiveDate: '01-02-2025',
    };
    expect((await call(original, 'PUT', '/api/admin/site', admin.token, site)).status).toBe(200);

    const userName = `backup${Date.now() % 100000}`;
    const signup = await call(original, 'POST', '/api/user/signup', undefined, {
      fullName: 'Archie Vist',
      userName,
      email: `${userName}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signup.status).toBe(201);
    const user = await logIn(original, userName, PASSWORD);
    const proof = Buffer.concat([TINY_PNG, Buffer.from(`proof ${userName}`)]);
    const deposit = new FormData();
    deposit.set('mode', 'btc');
    deposit.set('amount', '100');
    deposit.set('image', new Blob([proof], { type: 'image/png' }), 'proof.png');
    expect((await call(original, 'POST', '/api/user/deposit', user.token, deposit)).status).toBe(200);
    const avatar = new FormData();
    const picture = Buffer.concat([TINY_PNG, Buffer.from(`avatar ${userName}`)]);
    avatar.set('image', new Blob([picture], { type: 'image/png' }), 'me.png');
    const avatarUpload = await call<{ data: { avatar: string } }>(
      original,
      'PUT',
      '/api/user/avatar',
      user.token,
      avatar,
    );
    expect(avatarUpload.status).toBe(200);

    const acknowledged: { reason: string; at: number }[] = [];
    let isPosting = true;
    let sequence = 0;
    const poster = async () => {
      while (isPosting) {
        sequence += 1;
        const reason = `backup credit ${sequence}`;
        const response = await call(original, 'PUT', `/api/admin/creditOrDebit/${user.id}`, admin.token, {
          mode: 'credit',
          amount: 1,
          reason,
        });
        if (response.status === 200) acknowledged.push({ reason, at: Date.now() });
      }
    };
    const posting = Promise.all(Array.from({ length: 4 }, poster));
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'vestora-backup-')), 'vestora.backup.gz');
    dirs.push(path.dirname(file));
    let backupStartedAt = 0;
    let backupEndedAt = 0;
    try {
      await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(20);
      backupStartedAt = Date.now();
      const backup = await npmRun('backup', file, originalDir);
      backupEndedAt = Date.now();
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/^Backed up \d+ tables/m);
      await expect
        .poll(() => acknowledged.filter((entry) => entry.at > backupEndedAt).length, { timeout: 20_000 })
        .toBeGreaterThan(5);
    } finally {
      isPosting = false;
      await posting;
    }
    // Postings went on while the backup ran.
    expect(acknowledged.some((entry) => entry.at > backupStartedAt && entry.at < backupEndedAt)).toBe(true);

    const target = await freshDataDir();
    dirs.push(target);
    const restore = await npmRun('restore', file, target);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/^Restored \d+ tables/m);
    const again = await npmRun('restore', file, target);
    expect(again.code).toBe(1);
    expect(again.output).toContain(
      `DATA_DIR ${target} already holds a database; restore needs an empty DATA_DIR`,
    );

    restored = await startServer({ dataDir: target });
    const restoredUser = await logIn(restored, userName, PASSWORD);
    expect(restoredUser.id).toBe(user.id);
    expect(restoredUser.avatar).toBe(avatarUpload.json.data.avatar);
    const reasons = await creditReasons(restored, restoredUser.token);
    const beforeBackup = acknowledged.filter((entry) => entry.at < backupStartedAt);
    expect(beforeBackup.filter((entry) => !reasons.has(entry.reason))).toEqual([]);
    // Nothing that was never acknowledged or came after the backup finished is in it.
    const afterBackup = acknowledged.filter((entry) => entry.at > backupEndedAt);
    expect(afterBackup.filter((entry) => reasons.has(entry.reason))).toEqual([]);
    const profile = await call<{ data: { accountBalance: number } }>(
      restored,
      'GET',
      `/api/user/userprofile/${user.id}`,
      restoredUser.token,
    );
    expect(profile.json.data.accountBalance).toBe(reasons.size);

    const restoredAdmin = await logIn(restored, E2E_ADMIN.email, E2E_ADMIN.password);
    const health = await call<{ data: { isHealthy: boolean } }>(
      restored,
      'GET',
      '/api/admin/ledger/health',
      restoredAdmin.token,
    );
    expect(health.json.data.isHealthy).toBe(true);
    const served = await fetch(`${restored.baseUrl}${avatarUpload.json.data.avatar}`, {
      headers: { authorization: `Bearer ${restoredUser.token}` },
    });
    expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);
    const rows = await call<{ data: { userId: string; image: string }[] }>(
      restored,
      'GET',
      '/api/admin/allTransactions?type=deposit&pageSize=50',
      restoredAdmin.token,
    );
    const proofLink = rows.json.data.find((row) => row.userId === user.id)?.image ?? '';
    const proofServed = await fetch(`${restored.baseUrl}${proofLink}`);
    expect(proofServed.status).toBe(200);
    expect(Buffer.from(await proofServed.arrayBuffer())).toEqual(proof);
    const restoredSite = await call<{ data: typeof site }>(restored, 'GET', '/api/site');
    expect(restoredSite.json.data).toMatchObject(site);
  });
});
