#!/usr/bin/env node
// Checks a Vestora proof of liabilities on its own, with nothing but Node.js (18 or newer):
//
//   node tools/verify-liabilities.mjs proof.json [--url https://platform.example.com] [--key <hex>]
//
// proof.json is the file the "Verify my balance" page downloads (GET /api/user/liabilities/proof).
// The address defaults to the PUBLIC_URL environment variable. The script fetches the published
// list (GET /api/liabilities) and checks, exiting 1 at the first mismatch:
//   1. the leaf and its path recompute the proof's root hash and total;
//   2. that root and total are the ones published for the proof's snapshot;
//   3. every published snapshot is signed by the published Ed25519 key, over the UTF-8 bytes of
//      `id:takenAt:rootHash:rootSum:previousRootHash`;
//   4. every snapshot names its predecessor's root (the first one names 64 zeros);
//   5. with --key, the published key is the one you noted earlier (a platform that swapped its key
//      and re-signed its history would otherwise pass checks 3 and 4).
// Tree format (ethereum/research proof_of_solvency/merkle_sum_tree.py, sums in integer cents):
//   leaf = (SHA-256(salt ‖ UTF-8(leafId)), sum)
//   node = (SHA-256(L.hash ‖ L.sum 32-byte big-endian ‖ R.hash ‖ R.sum 32-byte big-endian), L.sum + R.sum)
//   at each level an even index is the left child.
// This file deliberately depends on nothing in the Vestora repository.

import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';

const NO_PREVIOUS_ROOT = '0'.repeat(64);
const HASH = /^[0-9a-f]{64}$/;
const SUM = /^(0|[1-9]\d{0,76})$/;

class Mismatch extends Error {}

function fail(message) {
  throw new Mismatch(message);
}

function sumBytes(sum) {
  const bytes = Buffer.alloc(32);
  let rest = sum;
  for (let index = 31; rest > 0n; index -= 1) {
    if (index < 0) fail('A sum does not fit in 32 bytes.');
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();

function parseArguments(argv) {
  const args = argv.slice(2);
  let url = process.env.PUBLIC_URL;
  let file;
  let key;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--url') {
      url = args[index + 1];
      index += 1;
    } else if (args[index] === '--key') {
      key = args[index + 1]?.toLowerCase();
      index += 1;
    } else if (!file) {
      file = args[index];
    } else {
      fail(`Unexpected argument: ${args[index]}`);
    }
  }
  if (!file)
    fail('Usage: node tools/verify-liabilities.mjs proof.json [--url <platform address>] [--key <hex>]');
  if (!url) fail('Give the platform address with --url or in the PUBLIC_URL environment variable.');
  if (key !== undefined && !HASH.test(key)) fail('--key must be the 64 hex digits of an Ed25519 public key.');
  return { file, url: url.replace(/\/+$/, ''), key };
}

function checkProofShape(proof) {
  const { leaf, path, index, leafCount } = proof;
  if (!leaf || typeof leaf.leafId !== 'string' || !HASH.test(leaf.salt ?? '') || !SUM.test(leaf.sum ?? '')) {
    fail('The proof has no readable leaf (leafId, 32-byte hex salt, sum in cents).');
  }
  if (!HASH.test(proof.rootHash ?? '') || !SUM.test(proof.rootSum ?? ''))
    fail('The proof has no readable root.');
  if (
    !Array.isArray(path) ||
    !path.every((step) => HASH.test(step?.hash ?? '') && SUM.test(step?.sum ?? ''))
  ) {
    fail('The proof path is not a list of { hash, sum }.');
  }
  if (!Number.isSafeInteger(leafCount) || leafCount < 1 || 2 ** path.length !== leafCount) {
    fail('The path length does not match the leaf count.');
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= leafCount)
    fail('The leaf index is outside the tree.');
}

function recomputeRoot(proof) {
  let hash = sha256(Buffer.from(proof.leaf.salt, 'hex'), Buffer.from(proof.leaf.leafId, 'utf8'));
  let sum = BigInt(proof.leaf.sum);
  let index = proof.index;
  for (const step of proof.path) {
    const sibling = { hash: Buffer.from(step.hash, 'hex'), sum: BigInt(step.sum) };
    const [left, right] = index % 2 === 0 ? [{ hash, sum }, sibling] : [sibling, { hash, sum }];
    hash = sha256(left.hash, sumBytes(left.sum), right.hash, sumBytes(right.sum));
    sum = left.sum + right.sum;
    index = Math.floor(index / 2);
  }
  return { hash: hash.toString('hex'), sum: sum.toString() };
}

function checkChain(list) {
  if (!HASH.test(list.publicKey ?? '')) fail('The published public key is not 32 bytes of hex.');
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(list.publicKey, 'hex').toString('base64url') },
    format: 'jwk',
  });
  list.snapshots.forEach((snapshot, position) => {
    const older = list.snapshots[position + 1];
    const expected = older ? older.rootHash : NO_PREVIOUS_ROOT;
    if (snapshot.previousRootHash !== expected) {
      fail(
        `Snapshot ${snapshot.id} names ${snapshot.previousRootHash} as its predecessor's root, not ${expected}.`,
      );
    }
    const message = `${snapshot.id}:${snapshot.takenAt}:${snapshot.rootHash}:${snapshot.rootSum}:${snapshot.previousRootHash}`;
    const isSigned =
      /^[0-9a-f]{128}$/.test(snapshot.signature ?? '') &&
      verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(snapshot.signature, 'hex'));
    if (!isSigned) fail(`The signature of snapshot ${snapshot.id} is not valid for the published key.`);
  });
}

async function main() {
  const { file, url, key } = parseArguments(process.argv);
  const parsed = JSON.parse(await readFile(file, 'utf8'));
  const proof = parsed.data ?? parsed;
  checkProofShape(proof);

  const computed = recomputeRoot(proof);
  if (computed.hash !== proof.rootHash) fail('The path does not lead to the proof root hash.');
  if (computed.sum !== proof.rootSum) fail('The sums on the path do not add up to the proof total.');

  const response = await fetch(`${url}/api/liabilities`);
  if (!response.ok) fail(`${url}/api/liabilities answered ${response.status}.`);
  const body = await response.json();
  const list = body.data ?? body;
  if (!Array.isArray(list.snapshots)) fail(`${url}/api/liabilities did not list snapshots.`);
  const published = list.snapshots.find((snapshot) => snapshot.id === proof.snapshotId);
  if (!published) fail(`Snapshot ${proof.snapshotId} is not published at ${url}.`);
  if (published.rootHash !== proof.rootHash || published.rootSum !== proof.rootSum) {
    fail(`The proof root differs from the root published for snapshot ${proof.snapshotId}.`);
  }
  if (published.leafCount !== proof.leafCount) fail('The proof leaf count differs from the published one.');
  if (key && list.publicKey !== key)
    fail(`The platform now publishes the key ${list.publicKey}, not ${key}.`);
  checkChain(list);

  const cents = BigInt(proof.leaf.sum);
  console.log(
    `OK: your balance of ${cents / 100n}.${String(cents % 100n).padStart(2, '0')} USD is counted in snapshot ` +
      `${published.id} (${published.takenAt}), whose signed total is ${proof.rootSum} cents; ` +
      `the chain of ${list.snapshots.length} snapshot(s) and its signatures check out.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Mismatch ? `MISMATCH: ${error.message}` : `ERROR: ${error.message}`);
  process.exit(1);
});
