import os from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';

/** OWASP's argon2id minimum (19 MiB, 2 iterations, 1 lane); argon2 hashes on libuv's thread pool. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes wait their turn so that at most all cores but one hash at once: a flood of sign-ins then
 * slows sign-ins down, but leaves a core for every other request.
 */
const hashingSlot = pLimit(Math.max(1, os.availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashingSlot(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashingSlot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoyHash, password);
  return false;
}
