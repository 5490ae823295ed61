import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  newUserInput,
  signUpAndLogin,
  type TestApp,
  withTestApp,
} from '../../../test/test-app.ts';
import type { Actor } from '../sessions/actor.ts';
import { GENESIS_HASH, recordAudit, verifyAuditChain } from './audit.service.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const VERIFY_SCRIPT = fileURLToPath(new URL('../../verify-audit.ts', import.meta.url));

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite));

async function signUpMany(count: number): Promise<string[]> {
  const inputs = Array.from({ length: count }, () => newUserInput());
  for (const input of inputs) {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: input });
    expect(response.statusCode).toBe(201);
  }
  const { rows } = await t.pool.query<{ id: string }>('select id from users where user_name = any($1)', [
    inputs.map((input) => input.userName),
  ]);
  return rows.map((row) => row.id);
}

async function chainStatusFromRoute() {
  const response = await t.app.inject({ url: '/api/admin/audit/verify', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Runs `npm run verify-audit`'s script against this suite's database. */
function runVerifyAudit() {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', VERIFY_SCRIPT],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, DATABASE_URL: t.databaseUrl } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

/**
 * What someone with the database's owner rights could do: switch the append-only trigger off,
 * change the log, switch it on again.
 */
async function tamper(statement: string, params: unknown[] = []): Promise<void> {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query('alter table audit_log disable trigger audit_log_no_update_delete');
    await client.query(statement, params);
    await client.query('alter table audit_log enable trigger audit_log_no_update_delete');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** Moves the entries from seq `from` on by `by`, through negative numbers: seq is unique at every row. */
async function renumber({ from, by }: { from: number; by: number }): Promise<void> {
  await tamper('update audit_log set seq = -seq where seq >= $1', [from]);
  await tamper('update audit_log set seq = -seq + $1 where seq < 0', [by]);
}

async function entryAt(seq: number): Promise<{ id: string; row: string }> {
  const { rows } = await t.pool.query<{ id: string; row: string }>(
    'select id, row_to_json(a)::text as row from audit_log a where seq = $1',
    [seq],
  );
  const [entry] = rows;
  if (!entry) throw new Error(`no audit entry #${seq}`);
  return entry;
}

describe('the audit log as a hash chain', () => {
  it('chains acts made at the same moment one after the other, without a fork or a gap', async () => {
    const userIds = await signUpMany(20);
    const before = await verifyAuditChain(t.db);
    const responses = await Promise.all(
      userIds.map((id) =>
        t.app.inject({ method: 'PUT', url: `/api/admin/verifyUser/${id}`, headers: bearer(adminToken) }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(userIds.map(() => 200));

    const { rows } = await t.pool.query<{ seq: string; prev_hash: string; hash: string }>(
      'select seq::text as seq, prev_hash, hash from audit_log order by audit_log.seq',
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_row, index) => index + 1));
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(rows.slice(1).map((row) => row.prev_hash)).toEqual(rows.slice(0, -1).map((row) => row.hash));
    expect(before.rows + 20).toBe(rows.length);
    const last = rows.at(-1);
    const intact = { ok: true, rows: rows.length, head: { seq: rows.length, hash: last?.hash } };
    expect(await verifyAuditChain(t.db)).toEqual(intact);
    // Page after page, the walk carries the previous hash across each page's end.
    expect(await verifyAuditChain(t.db, { pageSize: 3 })).toEqual(intact);
  });

  it('hashes what jsonb gives back, whatever the key order, numbers or text of the content', async () => {
    const { rows } = await t.pool.query<{ id: string }>('select id from users where email = $1', [
      ADMIN.email,
    ]);
    const actor = { user: { id: rows[0]?.id } } as Actor;
    await t.db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: 'test.content',
        targetType: 'test',
        targetId: 'content',
        before: { zeta: 1, alpha: { looksLikeJson: '"12"', numbers: [1e-7, 1e21, 3.7, -0.5, 2 ** 53] } },
        after: {
          approvers: [{ id: 'b', at: new Date('2030-01-02T03:04:05.678Z') }, { id: 'a' }],
          é: 'accent',
          '😀': 'astral',
          ｚ: 'wide',
          quote: 'say "hi"\n\tand \u0001 \\ bye',
          nothing: null,
          gone: undefined,
        },
      }),
    );
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('reports an intact log on the console route and from npm run verify-audit', async () => {
    const status = await chainStatusFromRoute();
    expect(status).toMatchObject({ ok: true, head: { seq: status.rows } });
    expect(status.rows).toBeGreaterThan(20);

    const run = await runVerifyAudit();
    expect(run).toMatchObject({ code: 0 });
    expect(run.output.trim()).toBe(
      `Audit log: intact, ${status.rows} entries; newest #${status.head.seq} ${status.head.hash}`,
    );
  });

  it('names an entry edited in the database, and holds again once it is put back', async () => {
    const { id, row } = await entryAt(5);
    const original = JSON.parse(row).after;
    await tamper(`update audit_log set after = '{"isVerified": false}' where seq = 5`);

    const broken = {
      ok: false,
      rows: 4,
      firstBroken: { id, seq: 5, reason: 'edited: its hash does not match its content' },
    };
    expect(await verifyAuditChain(t.db)).toEqual(broken);
    expect(await chainStatusFromRoute()).toEqual(broken);
    const run = await runVerifyAudit();
    expect(run.code).toBe(1);
    expect(run.output.trim()).toBe(
      `Audit log: broken at entry #5 (edited: its hash does not match its content); entry id ${id}`,
    );

    await tamper('update audit_log set after = $1 where seq = 5', [JSON.stringify(original)]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('names the entry after one deleted from the middle', async () => {
    const deleted = await entryAt(7);
    const next = await entryAt(8);
    await tamper('delete from audit_log where seq = 7');

    const gap = {
      ok: false,
      rows: 6,
      firstBroken: { id: next.id, seq: 8, reason: 'deleted before it: entry #6 is followed by #8' },
    };
    expect(await verifyAuditChain(t.db)).toEqual(gap);
    expect(await verifyAuditChain(t.db, { pageSize: 6 })).toEqual(gap);
    const run = await runVerifyAudit();
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Audit log: broken at entry #8`);
    expect(run.output).toContain(next.id);

    // Renumbering the entries after the gap does not hide it: their hashes cover their place.
    await renumber({ from: 8, by: -1 });
    expect(await verifyAuditChain(t.db)).toMatchObject({
      ok: false,
      firstBroken: {
        id: next.id,
        seq: 7,
        reason: 'the previous hash does not match: an entry before it was changed or replaced',
      },
    });

    await renumber({ from: 7, by: 1 });
    await tamper('insert into audit_log select * from json_populate_record(null::audit_log, $1::json)', [
      deleted.row,
    ]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('is checked by administrators only', async () => {
    const { token } = await signUpAndLogin(t.app);
    const response = await t.app.inject({ url: '/api/admin/audit/verify', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
  });
});
