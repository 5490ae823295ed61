import { execFile } from 'node:child_process';
import {
  createHash,
  createHmac,
  createPublicKey,
  randomUUID,
  sign,
  verify as verifySignature,
} from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Ed25519Verify,
  type LiabilityList,
  type LiabilityProof,
  leafHashInput,
  MESSAGES,
  NO_PREVIOUS_ROOT,
  SolvencyStatementSchema,
  snapshotSignedMessage,
  verifyLiabilityChain,
  verifyLiabilityProof,
} from '@vestora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/chain-nodes.ts';
import { createTestClock } from '../../../test/clock.ts';
import { fundUser, verify } from '../../../test/money.ts';
import {
  ADMIN,
  bearer,
  createMailbox,
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  waitForMail,
} from '../../../test/test-app.ts';
import { liabilityKeys } from './liabilities.service.ts';
import { buildMerkleSumTree, NODE_BYTES, nodeAt } from './merkle-sum-tree.ts';

const sha256 = async (data: Uint8Array) => createHash('sha256').update(data).digest();
const ed25519: Ed25519Verify = async (publicKey, signature, message) =>
  verifySignature(
    null,
    message,
    createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    }),
    signature,
  );
const VERIFIER = fileURLToPath(new URL('../../../../../tools/verify-liabilities.mjs', import.meta.url));

const clock = createTestClock(new Date('2026-11-25T12:00:00.000Z'));
const mailbox = createMailbox();
let t: TestApp;
let adminToken: string;

/**
 * The address the server listens at is the platform its statements name (PUBLIC_URL): the verifier
 * refuses a statement naming another origin than the --url it is given. A port free right now.
 */
const PORT = await freePort();

beforeAll(async () => {
  t = await createTestApp({ publicUrl: `http://127.0.0.1:${PORT}` }, { clock, mailer: mailbox });
  adminToken = (await login(t.app, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t?.close();
});

async function takeSnapshot() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/liabilities/snapshots',
    headers: bearer(adminToken),
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as LiabilityList['snapshots'][number];
}

async function published(): Promise<LiabilityList> {
  return (await t.app.inject({ url: '/api/liabilities' })).json().data;
}

/**
 * A snapshot as the platform took them before leaves were bound (format 1): salted random leaf ids,
 * signed without a statement, stored as that version stored them.
 */
async function storeFormatOneSnapshot(userId: string, cents: bigint): Promise<string> {
  const keys = await liabilityKeys(t.db);
  const id = randomUUID();
  const leafId = randomUUID();
  // The salt the server hands out with a format 1 proof, as that version derived it.
  const salt = createHmac('sha256', keys.saltKey).update(`${id}:${userId}`).digest();
  const levels = buildMerkleSumTree([{ hash: await sha256(leafHashInput(salt, leafId)), sum: cents }]);
  const root = nodeAt(levels.at(-1) as Buffer, 0);
  const takenAt = clock.now();
  const unsigned = {
    id,
    takenAt: takenAt.toISOString(),
    rootHash: Buffer.from(root.hash).toString('hex'),
    rootSum: root.sum.toString(),
    leafCount: (levels[0] as Buffer).length / NODE_BYTES,
    previousRootHash: NO_PREVIOUS_ROOT,
  };
  const signature = sign(null, snapshotSignedMessage(unsigned), keys.signingKey).toString('hex');
  await t.pool.query(
    `insert into liability_snapshots (id, sequence, taken_at, root_hash, root_sum_cents, leaf_count, user_count,
       previous_root_hash, signature, ledger_transfer_count, format, statement)
     values ($1, 1, $2, $3, $4, $5, 1, $6, $7, 0, 1, null)`,
    [id, takenAt, unsigned.rootHash, cents.toString(), unsigned.leafCount, NO_PREVIOUS_ROOT, signature],
  );
  await t.pool.query('insert into liability_tree_levels (snapshot_id, level, nodes) values ($1, 0, $2)', [
    id,
    levels[0],
  ]);
  await t.pool.query(
    'insert into liability_leaves (snapshot_id, user_id, position, leaf_id) values ($1, $2, 0, $3)',
    [id, userId, leafId],
  );
  return id;
}

describe('snapshots taken before leaves were bound (format 1)', () => {
  it('stay verifiable after a format 2 snapshot follows them, and the verifier says which format a proof uses', async () => {
    const person = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, person.user._id, 12.34);
    const legacyId = await storeFormatOneSnapshot(person.user._id, 1234n);
    clock.advance(1000);
    const current = await takeSnapshot();
    expect(current).toMatchObject({ format: 2, previousRootHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const list = await published();
    expect(list.snapshots.map((snapshot) => snapshot.format)).toEqual([2, 1]);
    expect(list.snapshots[1]).toMatchObject({ statementHash: null, figures: null, statement: null });
    expect(await verifyLiabilityChain(list, ed25519, sha256)).toEqual({ isValid: true });

    // Statements are served one by one; the list carries their hashes.
    const served = await t.app.inject({ url: `/api/liabilities/${current.id}/statement` });
    expect(served.statusCode).toBe(200);
    const text: string = served.json().data.statement;
    expect(createHash('sha256').update(text).digest('hex')).toBe(current.statementHash);
    const none = await t.app.inject({ url: `/api/liabilities/${legacyId}/statement` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MESSAGES.liabilityNoStatement);
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await t.app.inject({ url: `/api/liabilities/${id}/statement` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.liabilitySnapshotNotFound);
    }

    const response = await t.app.inject({
      url: `/api/user/liabilities/proof?snapshot=${legacyId}`,
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(200);
    const legacy = response.json().data as LiabilityProof;
    expect(legacy).toMatchObject({ format: 1, leaf: { sum: '1234' } });
    expect(await verifyLiabilityProof(legacy, sha256, person.user._id)).toEqual({ isValid: true });

    const directory = await mkdtemp(path.join(os.tmpdir(), 'vestora-legacy-'));
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: PORT });
    try {
      const file = path.join(directory, 'legacy.json');
      await writeFile(file, JSON.stringify(legacy));
      const result = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(process.execPath, [VERIFIER, file, '--url', baseUrl], (error, stdout, stderr) =>
          resolve({ code: error ? 1 : 0, output: stdout + stderr }),
        );
      });
      expect(result.output).toContain('format 1');
      expect(result.code).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('the statement of a snapshot', () => {
  it('states the yield reserve and every return promised until maturity, and coverage against them to the basis point', async () => {
    const reserveFunded = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/fundReserve',
      headers: { ...bearer(adminToken), 'idempotency-key': randomUUID() },
      payload: { amount: 500, note: 'coverage test' },
    });
    expect(reserveFunded.statusCode).toBe(200);
    const investor = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, investor.user._id);
    await fundUser(t.app, adminToken, investor.user._id, 100);
    const plans = (await t.app.inject({ url: '/api/plans' })).json().data as { _id: string; name: string }[];
    const invested = await t.app.inject({
      method: 'POST',
      url: '/api/user/invest',
      headers: bearer(investor.token),
      payload: { planId: plans.find((plan) => plan.name === 'SMALL')?._id, amount: 100 },
    });
    expect(invested.statusCode).toBe(201);
    clock.advance(1000);

    const snapshot = await takeSnapshot();
    const statement = SolvencyStatementSchema.parse(JSON.parse(snapshot.statement ?? ''));
    const { rows } = await t.pool.query<{ owed: string }>(
      'select sum(balance_cents)::text as owed from ledger_accounts where user_id is not null',
    );
    // SMALL pays 3.60 % a day for 60 days: floor(10000 × 360 / 10000) = 360 cents, 60 times.
    expect(statement.promisedReturnsCents).toBe('21600');
    expect(statement.yieldReserveCents).toBe('50000');
    expect(statement.liabilitiesCents).toBe(rows[0]?.owed);
    expect(statement).toMatchObject({ reserves: [], reservesUsdCents: '0', solvencyBasisPoints: 0 });
    // No reserve is registered: 0 × 10000 / (owed + 21600). The yield reserve is stated, not counted.
    expect(statement.coverageBasisPoints).toBe(0);
  });

  it('tells the staff who read the money when reserves are below what is owed', async () => {
    const response = await t.app.inject({ url: '/api/user/notifications', headers: bearer(adminToken) });
    const titles = (response.json().data as { title: string }[]).map((notification) => notification.title);
    expect(titles).toContain('Reserves below what is owed');
    const mail = await waitForMail(mailbox, ADMIN.email, /Reserves below what is owed/);
    expect(mail.text).toContain('found reserves of $0.00 against');
  });
});
