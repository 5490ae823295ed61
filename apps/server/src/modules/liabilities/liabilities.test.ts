import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Ed25519Verify,
  type LiabilityList,
  type LiabilityProof,
  MESSAGES,
  matchPublishedRoot,
  NO_PREVIOUS_ROOT,
  verifyLiabilityChain,
  verifyLiabilityProof,
} from '@vestora/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/chain-nodes.ts';
import { createTestClock } from '../../../test/clock.ts';
import { fundUser, ledgerHealth, verify } from '../../../test/money.ts';
import { bearer, createTestApp, signUpAndLogin, type TestApp, withTestApp } from '../../../test/test-app.ts';
import { connectDatabase } from '../../db/client.ts';
import { DAY_MS } from '../../lib/time.ts';
import { liabilityKeys, takeSnapshotIfDue } from './liabilities.service.ts';
import { buildMerkleSumTree, hashBoundLeaf, NODE_BYTES, nodeAt, pathPositions } from './merkle-sum-tree.ts';

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
type BoundProof = LiabilityProof & { format: 2 };
/** The account a proof's leaf is bound to: who may check it. */
const ownerOf = (proof: LiabilityProof) => (proof.format === 2 ? proof.leaf.userId : '');
const VERIFIER = fileURLToPath(new URL('../../../../../tools/verify-liabilities.mjs', import.meta.url));

const clock = createTestClock(new Date('2026-03-01T12:00:00.000Z'));

/**
 * The address the server listens at is the platform its statements name (PUBLIC_URL): the verifier
 * refuses a statement naming another origin than the --url it is given. A port free right now.
 */
const PORT = await freePort();

let t: TestApp;
let adminToken: string;
withTestApp((suite) => ({ t, adminToken } = suite), { publicUrl: `http://127.0.0.1:${PORT}` }, { clock });

async function takeSnapshot() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/liabilities/snapshots',
    headers: bearer(adminToken),
  });
  expect(response.statusCode).toBe(201);
  expect(response.json().message).toBe(MESSAGES.solvencySnapshotTaken);
  return response.json().data as LiabilityList['snapshots'][number];
}

async function published(): Promise<LiabilityList> {
  const response = await t.app.inject({ url: '/api/liabilities' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function proofOf(token: string, query = '') {
  return t.app.inject({ url: `/api/user/liabilities/proof${query}`, headers: bearer(token) });
}

/** The sum of every user balance, straight from the ledger's accounts. */
async function userLiabilitiesCents(): Promise<string> {
  const { rows } = await t.pool.query<{ total: string }>(
    'select coalesce(sum(balance_cents), 0)::text as total from ledger_accounts where user_id is not null',
  );
  return rows[0]?.total ?? '0';
}

const IN_MEMORY_SNAPSHOT = '00000000-0000-4000-8000-00000000000a';

/** A proof built the way the server builds one, from a tree in memory. */
function proofFromTree(
  levels: Buffer[],
  index: number,
  leaf: { userId: string; nonce: string; sum: string },
): LiabilityProof {
  const root = nodeAt(levels.at(-1) as Buffer, 0);
  const leafCount = (levels[0] as Buffer).length / NODE_BYTES;
  return {
    format: 2,
    snapshotId: IN_MEMORY_SNAPSHOT,
    rootHash: Buffer.from(root.hash).toString('hex'),
    rootSum: root.sum.toString(),
    leaf,
    index,
    leafCount,
    path: pathPositions(index, leafCount).map(({ level, position }) => {
      const node = nodeAt(levels[level] as Buffer, position);
      return { hash: Buffer.from(node.hash).toString('hex'), sum: node.sum.toString() };
    }),
  };
}

describe('the Merkle sum tree (property)', () => {
  it("verifies every user's proof, rejects any changed sum or hash, and its root sum is the total", async () => {
    const balances = fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { minLength: 1, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(balances, fc.nat(), fc.nat(), async (sums, pick, stepPick) => {
        const leaves = sums.map((sum, index) => ({
          nonce: createHash('sha256').update(`nonce ${index}`).digest(),
          userId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          sum,
        }));
        const levels = buildMerkleSumTree(
          leaves.map((leaf) => hashBoundLeaf(leaf.nonce, leaf.userId, IN_MEMORY_SNAPSHOT, leaf.sum)),
        );
        const total = sums.reduce((sum, value) => sum + value, 0n);
        expect(nodeAt(levels.at(-1) as Buffer, 0).sum).toBe(total);

        const proofs = leaves.map((leaf, index) =>
          proofFromTree(levels, index, {
            userId: leaf.userId,
            nonce: leaf.nonce.toString('hex'),
            sum: leaf.sum.toString(),
          }),
        );
        for (const proof of proofs) {
          expect(await verifyLiabilityProof(proof, sha256, ownerOf(proof))).toEqual({ isValid: true });
        }

        const proof = proofs[pick % proofs.length] as LiabilityProof & { format: 2 };
        const tampered: LiabilityProof[] = [
          { ...proof, leaf: { ...proof.leaf, sum: (BigInt(proof.leaf.sum) + 1n).toString() } },
          { ...proof, leaf: { ...proof.leaf, sum: (BigInt(proof.leaf.sum) - 1n).toString() } },
          { ...proof, rootSum: (total + 1n).toString() },
        ];
        if (proof.path.length > 0) {
          const step = stepPick % proof.path.length;
          const changeStep = (
            change: (node: { hash: string; sum: string }) => { hash: string; sum: string },
          ) => ({
            ...proof,
            path: proof.path.map((node, index) => (index === step ? change(node) : node)),
          });
          tampered.push(
            changeStep((node) => ({ ...node, sum: (BigInt(node.sum) + 1n).toString() })),
            changeStep((node) => ({
              ...node,
              hash: `${node.hash[0] === 'a' ? 'b' : 'a'}${node.hash.slice(1)}`,
            })),
          );
          if (BigInt(proof.path[step]?.sum ?? '0') > 0n) {
            tampered.push(changeStep((node) => ({ ...node, sum: (BigInt(node.sum) - 1n).toString() })));
          }
        }
        for (const bad of tampered) {
          expect((await verifyLiabilityProof(bad, sha256, ownerOf(bad))).isValid).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('pads to a power of two with (32 zero bytes, 0) leaves, so one balance is its own root', () => {
    const leaf = hashBoundLeaf(Buffer.alloc(32, 7), IN_MEMORY_SNAPSHOT, IN_MEMORY_SNAPSHOT, 1234n);
    const widths = (levels: Buffer[]) => levels.map((level) => level.length / NODE_BYTES);
    const single = buildMerkleSumTree([leaf]);
    expect(widths(single)).toEqual([1]);
    expect(nodeAt(single[0] as Buffer, 0)).toEqual({ hash: Buffer.from(leaf.hash), sum: 1234n });
    const three = buildMerkleSumTree([leaf, leaf, leaf]);
    expect(widths(three)).toEqual([4, 2, 1]);
    expect(nodeAt(three[0] as Buffer, 3)).toEqual({ hash: Buffer.alloc(32), sum: 0n });
  });

  it('hashes a leaf over nonce ‖ userId ‖ snapshotId, and a parent over L.hash, L.sum as 32 bytes, R.hash, R.sum as 32 bytes', () => {
    const owner = '00000000-0000-4000-8000-000000000001';
    const left = hashBoundLeaf(Buffer.alloc(32, 1), owner, IN_MEMORY_SNAPSHOT, 5n);
    const right = hashBoundLeaf(Buffer.alloc(32, 2), owner, IN_MEMORY_SNAPSHOT, 258n);
    const sum32 = (sum: number) => Buffer.concat([Buffer.alloc(30), Buffer.from([sum >> 8, sum & 0xff])]);
    const expected = createHash('sha256')
      .update(Buffer.concat([left.hash, sum32(5), right.hash, sum32(258)]))
      .digest();
    const root = nodeAt(buildMerkleSumTree([left, right])[1] as Buffer, 0);
    expect(root).toEqual({ hash: expected, sum: 263n });
    expect(Buffer.from(left.hash)).toEqual(
      createHash('sha256')
        .update(Buffer.concat([Buffer.alloc(32, 1), Buffer.from(owner + IN_MEMORY_SNAPSHOT)]))
        .digest(),
    );
  });
});

describe('GET /api/liabilities and the proofs, before any snapshot', () => {
  it('publishes the key and no snapshot, and a proof request says none exists yet', async () => {
    const list = await published();
    expect(list.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(list.snapshots).toEqual([]);
    const { token } = await signUpAndLogin(t.app);
    const response = await proofOf(token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.liabilityNoSnapshotYet);
  });
});

describe('the signing key', () => {
  it('is created once, by whichever process comes first, and every process signs with it', async () => {
    const fresh = await createTestApp();
    const url = fresh.pool.options.connectionString as string;
    const processes = [connectDatabase(url), connectDatabase(url), connectDatabase(url)];
    try {
      const keys = await Promise.all(processes.map((process) => liabilityKeys(process.db)));
      const { rows } = await fresh.pool.query<{ count: number }>(
        "select count(*)::int as count from app_secrets where name like 'liabilities_%'",
      );
      expect(rows[0]?.count).toBe(2);
      expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
      const published = (await fresh.app.inject({ url: '/api/liabilities' })).json().data;
      expect(published.publicKey).toBe(keys[0]?.publicKey);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
      await fresh.close();
    }
  });
});

describe('POST /api/admin/liabilities/snapshots', () => {
  it('is for administrators only', async () => {
    const { token } = await signUpAndLogin(t.app);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/liabilities/snapshots',
      headers: bearer(token),
    });
    expect(asUser.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/liabilities/snapshots' });
    expect(anonymous.statusCode).toBe(401);
    expect((await published()).snapshots).toEqual([]);
  });

  it("counts available, held and invested money, and each user's proof verifies against the signed root", async () => {
    const plans = (await t.app.inject({ url: '/api/plans' })).json().data as { _id: string; name: string }[];
    const investor = await signUpAndLogin(t.app);
    await verify(t.app, adminToken, investor.user._id);
    await fundUser(t.app, adminToken, investor.user._id, 500.25);
    const invested = await t.app.inject({
      method: 'POST',
      url: '/api/user/invest',
      headers: bearer(investor.token),
      payload: { planId: plans.find((plan) => plan.name === 'SMALL')?._id, amount: 100 },
    });
    expect(invested.statusCode).toBe(201);
    const saver = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, saver.user._id, 0.07);
    const empty = await signUpAndLogin(t.app);

    const snapshot = await takeSnapshot();
    expect(snapshot.rootSum).toBe(await userLiabilitiesCents());
    expect(snapshot.takenAt).toBe(clock.now().toISOString());

    const list = await published();
    expect(list.snapshots[0]).toEqual(snapshot);
    expect(await verifyLiabilityChain(list, ed25519, sha256)).toEqual({ isValid: true });

    const investorProof = (await proofOf(investor.token)).json().data as LiabilityProof;
    // 500.25 funded, 100 of it invested: the leaf counts both parts.
    expect(investorProof.leaf.sum).toBe('50025');
    const saverProof = (await proofOf(saver.token)).json().data as LiabilityProof;
    expect(saverProof.leaf.sum).toBe('7');
    for (const proof of [investorProof, saverProof]) {
      expect(proof).toMatchObject({
        snapshotId: snapshot.id,
        rootHash: snapshot.rootHash,
        rootSum: snapshot.rootSum,
      });
      expect(await verifyLiabilityProof(proof, sha256, ownerOf(proof))).toEqual({ isValid: true });
      expect(matchPublishedRoot(proof, list)).toEqual({ isValid: true });
    }
    expect(investorProof).toMatchObject({ format: 2, leaf: { userId: investor.user._id } });
    expect(saverProof).toMatchObject({ format: 2, leaf: { userId: saver.user._id } });

    const balance = await t.app.inject({
      url: '/api/user/liabilities/balance',
      headers: bearer(investor.token),
    });
    expect(balance.json().data).toEqual({
      availableCents: '40025',
      withdrawalHoldCents: '0',
      investedCents: '10000',
      totalCents: '50025',
    });

    const emptyProof = await proofOf(empty.token);
    expect(emptyProof.statusCode).toBe(404);
    expect(emptyProof.json().message).toBe(MESSAGES.liabilityNotInSnapshot);
  });

  it('chains each snapshot to its predecessor, serves older proofs by id, and a changed signature or root fails', async () => {
    const person = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, person.user._id, 12);
    clock.advance(1000);
    const first = await takeSnapshot();
    await fundUser(t.app, adminToken, person.user._id, 3);
    clock.advance(1000);
    const second = await takeSnapshot();

    const list = await published();
    expect(list.snapshots.slice(0, 2).map((snapshot) => snapshot.id)).toEqual([second.id, first.id]);
    expect(second.previousRootHash).toBe(first.rootHash);
    list.snapshots.forEach((snapshot, index) => {
      expect(snapshot.previousRootHash).toBe(list.snapshots[index + 1]?.rootHash ?? NO_PREVIOUS_ROOT);
    });
    expect(await verifyLiabilityChain(list, ed25519, sha256)).toEqual({ isValid: true });

    const older = (await proofOf(person.token, `?snapshot=${first.id}`)).json().data as BoundProof;
    expect(older).toMatchObject({ snapshotId: first.id, leaf: { sum: '1200' } });
    expect(await verifyLiabilityProof(older, sha256, person.user._id)).toEqual({ isValid: true });
    const newest = (await proofOf(person.token)).json().data as BoundProof;
    expect(newest).toMatchObject({ snapshotId: second.id, leaf: { sum: '1500' } });
    // A fresh nonce each snapshot: two snapshots cannot be linked by a user's leaf.
    expect(newest.leaf.nonce).not.toBe(older.leaf.nonce);

    const flipped = (hex: string) => `${hex[0] === 'a' ? 'b' : 'a'}${hex.slice(1)}`;
    const badSignature = {
      ...list,
      snapshots: list.snapshots.map((snapshot, index) =>
        index === 1 ? { ...snapshot, signature: flipped(snapshot.signature) } : snapshot,
      ),
    };
    expect(await verifyLiabilityChain(badSignature, ed25519, sha256)).toEqual({
      isValid: false,
      problem: `The signature of snapshot ${list.snapshots[1]?.id} is not valid.`,
    });
    const shrunkTotal = {
      ...list,
      snapshots: list.snapshots.map((snapshot, index) =>
        index === 0 ? { ...snapshot, rootSum: '1' } : snapshot,
      ),
    };
    expect((await verifyLiabilityChain(shrunkTotal, ed25519, sha256)).isValid).toBe(false);

    for (const query of ['?snapshot=00000000-0000-4000-8000-000000000000', '?snapshot=not-an-id']) {
      const missing = await proofOf(person.token, query);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.liabilitySnapshotNotFound);
    }
  });

  it('keeps one chain when administrators ask for snapshots at the same time', async () => {
    const before = (await published()).snapshots.length;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/liabilities/snapshots',
          headers: bearer(adminToken),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const list = await published();
    expect(list.snapshots).toHaveLength(before + 4);
    expect(await verifyLiabilityChain(list, ed25519, sha256)).toEqual({ isValid: true });
  });

  it('equals the ledger at its recorded position while 50 clients post transfers, and the ledger stays healthy', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => signUpAndLogin(t.app)));
    const baseCents = BigInt(await userLiabilitiesCents());
    const { rows } = await t.pool.query<{ count: string }>(
      'select count(*)::text as count from ledger_transfers',
    );
    const baseTransfers = BigInt(rows[0]?.count ?? '0');

    // Each client credits 1.00 USD five times: every transfer after the base adds exactly 100 cents.
    let isPosting = true;
    const posting = Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        for (let round = 0; round < 5; round += 1) {
          await fundUser(t.app, adminToken, people[client % people.length]?.user._id as string, 1);
        }
      }),
    ).finally(() => {
      isPosting = false;
    });
    const snapshots: { rootSum: string; id: string }[] = [];
    while (isPosting || snapshots.length < 2) snapshots.push(await takeSnapshot());
    await posting;

    const { rows: recorded } = await t.pool.query<{ id: string; ledger_transfer_count: string }>(
      'select id, ledger_transfer_count::text from liability_snapshots where id = any($1::uuid[])',
      [snapshots.map((snapshot) => snapshot.id)],
    );
    const positions = new Map(recorded.map((row) => [row.id, BigInt(row.ledger_transfer_count)]));
    const midway = snapshots.filter((snapshot) => {
      const transfersAfterBase = (positions.get(snapshot.id) as bigint) - baseTransfers;
      expect(snapshot.rootSum).toBe((baseCents + transfersAfterBase * 100n).toString());
      return transfersAfterBase > 0n && transfersAfterBase < 250n;
    });
    // Some were taken with postings in flight, which is what a torn read would get wrong.
    expect(midway.length).toBeGreaterThan(0);
    expect(await userLiabilitiesCents()).toBe((baseCents + 25_000n).toString());
    expect(await ledgerHealth(t.app, adminToken)).toMatchObject({ isHealthy: true, totalCents: '0' });
  });
});

describe('a leaf bound to its owner (the shared-leaf attack)', () => {
  it('refuses a proof given to another account with the same balance, in the page check and in the verifier', async () => {
    const [alice, bob] = await Promise.all([signUpAndLogin(t.app), signUpAndLogin(t.app)]);
    await fundUser(t.app, adminToken, alice.user._id, 123.45);
    await fundUser(t.app, adminToken, bob.user._id, 123.45);
    clock.advance(1000);
    await takeSnapshot();
    const aliceProof = (await proofOf(alice.token)).json().data as BoundProof;
    const bobProof = (await proofOf(bob.token)).json().data as BoundProof;
    expect(aliceProof.leaf.sum).toBe('12345');
    expect(bobProof.leaf.sum).toBe('12345');
    expect(await verifyLiabilityProof(bobProof, sha256, bob.user._id)).toEqual({ isValid: true });

    // The operator leaves Alice out and hands Bob her leaf (or Alice his): the check is run by the
    // signed-in person, with their own id.
    expect(await verifyLiabilityProof(aliceProof, sha256, bob.user._id)).toEqual({
      isValid: false,
      problem: `This leaf is bound to account ${alice.user._id}, not to yours (${bob.user._id}).`,
    });
    // Relabelling her leaf with Bob's id changes its hash, so the path no longer reaches the root.
    const relabelled: BoundProof = { ...aliceProof, leaf: { ...aliceProof.leaf, userId: bob.user._id } };
    expect(await verifyLiabilityProof(relabelled, sha256, bob.user._id)).toEqual({
      isValid: false,
      problem: 'The path does not lead to the published root hash.',
    });
  });
});

describe('the daily snapshot', () => {
  it('is taken by one process when due, and not again before a day has passed', async () => {
    clock.advance(DAY_MS);
    const before = (await published()).snapshots.length;
    const daily = { publicUrl: t.config.publicUrl, chain: t.config.chain, intervalMs: DAY_MS };
    const runs = await Promise.all(Array.from({ length: 3 }, () => takeSnapshotIfDue(t.db, clock, daily)));
    expect(runs.filter((run) => run !== undefined)).toHaveLength(1);
    expect((await published()).snapshots).toHaveLength(before + 1);

    clock.advance(DAY_MS - 1);
    expect(await takeSnapshotIfDue(t.db, clock, daily)).toBeUndefined();
    clock.advance(1);
    expect(await takeSnapshotIfDue(t.db, clock, daily)).toBeDefined();
    expect((await published()).snapshots).toHaveLength(before + 2);
  });
});

describe('the standalone verifier (tools/verify-liabilities.mjs)', () => {
  let directory: string;
  let baseUrl: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'vestora-proof-'));
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: PORT });
    expect(baseUrl).toBe(t.config.publicUrl);
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  function runVerifier(args: string[], env: Record<string, string> = {}) {
    return new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [VERIFIER, ...args],
        { env: { PATH: process.env.PATH, ...env } },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
            output: stdout + stderr,
          }),
      );
    });
  }

  async function proofFile(name: string, content: unknown) {
    const file = path.join(directory, name);
    await writeFile(file, JSON.stringify(content));
    return file;
  }

  /** Serves `list` as GET /api/liabilities, as a platform that altered its publication would. */
  async function servePublication(list: LiabilityList): Promise<{ url: string; server: Server }> {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: list }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('accepts a genuine proof, from --url or PUBLIC_URL, and rejects a tampered one or another key', async () => {
    const person = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, person.user._id, 42.5);
    // A neighbour, so the proof has a path whatever ran before.
    await fundUser(t.app, adminToken, (await signUpAndLogin(t.app)).user._id, 1);
    await takeSnapshot();
    const proof = (await proofOf(person.token)).json().data as LiabilityProof;
    const genuine = await proofFile('proof.json', proof);

    const account = ['--account', person.user._id];
    const ok = await runVerifier([genuine, '--url', baseUrl, ...account]);
    expect(ok.output).toContain('OK: your balance of 42.50 USD is counted in snapshot');
    expect(ok.code).toBe(0);
    expect((await runVerifier([genuine, ...account], { PUBLIC_URL: baseUrl })).code).toBe(0);

    const raisedSum = await proofFile('raised.json', { ...proof, leaf: { ...proof.leaf, sum: '4251' } });
    const raised = await runVerifier([raisedSum, '--url', baseUrl, ...account]);
    expect(raised.code).toBe(1);
    expect(raised.output).toContain('MISMATCH: The path does not lead to the proof root hash.');

    const sibling = proof.path[0] as { hash: string; sum: string };
    const stolenSum = await proofFile('sibling.json', {
      ...proof,
      path: [{ ...sibling, sum: (BigInt(sibling.sum) + 1n).toString() }, ...proof.path.slice(1)],
    });
    expect((await runVerifier([stolenSum, '--url', baseUrl, ...account])).code).toBe(1);

    const { publicKey } = await published();
    expect((await runVerifier([genuine, '--url', baseUrl, '--key', publicKey, ...account])).code).toBe(0);
    const otherKey = await runVerifier([genuine, '--url', baseUrl, '--key', 'ab'.repeat(32), ...account]);
    expect(otherKey.code).toBe(1);
    expect(otherKey.output).toContain(
      `MISMATCH: The platform now publishes the key ${publicKey}, not ${'ab'.repeat(32)}.`,
    );

    const noAddress = await runVerifier([genuine, ...account]);
    expect(noAddress.code).toBe(1);
    expect(noAddress.output).toContain('Give the platform address with --url');
  });

  it("refuses a leaf bound to another account when run with the user's --account", async () => {
    const [alice, bob] = await Promise.all([signUpAndLogin(t.app), signUpAndLogin(t.app)]);
    await fundUser(t.app, adminToken, alice.user._id, 123.45);
    await fundUser(t.app, adminToken, bob.user._id, 123.45);
    await takeSnapshot();
    const aliceProof = (await proofOf(alice.token)).json().data as BoundProof;
    const aliceFile = await proofFile('alice.json', aliceProof);

    const own = await runVerifier([aliceFile, '--url', baseUrl, '--account', alice.user._id]);
    expect(own.code).toBe(0);
    const givenToBob = await runVerifier([aliceFile, '--url', baseUrl, '--account', bob.user._id]);
    expect(givenToBob.code).toBe(1);
    expect(givenToBob.output).toContain(`MISMATCH: The leaf is bound to account ${alice.user._id}`);
    const relabelled = await proofFile('relabelled.json', {
      ...aliceProof,
      leaf: { ...aliceProof.leaf, userId: bob.user._id },
    });
    const forged = await runVerifier([relabelled, '--url', baseUrl, '--account', bob.user._id]);
    expect(forged.code).toBe(1);
    expect(forged.output).toContain('MISMATCH');
  });

  it('rejects a publication whose signature or chain link was altered', async () => {
    const person = await signUpAndLogin(t.app);
    await fundUser(t.app, adminToken, person.user._id, 9);
    await takeSnapshot();
    const proof = (await proofOf(person.token)).json().data as LiabilityProof;
    const file = await proofFile('chain.json', { data: proof });
    const list = await published();

    const flipped = (hex: string) => `${hex[0] === 'a' ? 'b' : 'a'}${hex.slice(1)}`;
    const badSignature = await servePublication({
      ...list,
      snapshots: list.snapshots.map((snapshot, index) =>
        index === 0 ? { ...snapshot, signature: flipped(snapshot.signature) } : snapshot,
      ),
    });
    const badLink = await servePublication({
      ...list,
      snapshots: list.snapshots.filter((_, index) => index !== 1),
    });
    try {
      const account = ['--account', person.user._id];
      const signature = await runVerifier([file, '--url', badSignature.url, ...account]);
      expect(signature.code).toBe(1);
      expect(signature.output).toContain(
        `MISMATCH: The signature of snapshot ${proof.snapshotId} is not valid`,
      );
      const link = await runVerifier([file, '--url', badLink.url, ...account]);
      expect(link.code).toBe(1);
      expect(link.output).toContain(`MISMATCH: Snapshot ${proof.snapshotId} names`);
      expect((await runVerifier([file, '--url', baseUrl, ...account])).code).toBe(0);
    } finally {
      badSignature.server.close();
      badLink.server.close();
    }
  });
});
