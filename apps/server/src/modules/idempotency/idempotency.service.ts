import { createHash } from 'node:crypto';
import { MESSAGES } from '@vestora/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { findKey, saveKey, tryLockKey } from './idempotency.repo.ts';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRequest {
  userId: string;
  /** The Idempotency-Key header, if the client sent one. */
  key: string | undefined;
  /** What the request asked for; a retry must ask for exactly the same. */
  fingerprint: unknown;
}

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Stripe's semantics: the key is claimed in the same transaction as the work, so a retry after a
 * success replays the first response and moves nothing; a retry while the first is running gets
 * 409; the same key for a different request gets 422. Without a key the work simply runs. A key is
 * honoured for `retentionMs` (IDEMPOTENCY_RETENTION_HOURS) from its first use, by the clock.
 */
export async function withIdempotency(
  { db, clock, retentionMs }: { db: Database; clock: Clock; retentionMs: number },
  request: IdempotencyRequest,
  work: (tx: Transaction) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const { userId, key } = request;
  if (key === undefined) return runInTransaction(db, work);
  if (!VALID_KEY.test(key)) throw new AppError('BAD_REQUEST', MESSAGES.idempotencyKeyInvalid);
  const requestHash = hashFingerprint(request.fingerprint);

  return runInTransaction(db, async (tx) => {
    if (!(await tryLockKey(tx, { userId, key }))) {
      throw new AppError('CONFLICT', MESSAGES.idempotencyInProgress);
    }
    const now = clock.now();
    const previous = await findKey(tx, { userId, key, notBefore: new Date(now.getTime() - retentionMs) });
    if (previous) {
      if (previous.requestHash !== requestHash) {
        throw new AppError('UNPROCESSABLE', MESSAGES.idempotencyMismatch);
      }
      return { status: previous.responseStatus, body: JSON.parse(previous.responseBody) };
    }
    const response = await work(tx);
    await saveKey(tx, {
      userId,
      key,
      requestHash,
      responseStatus: response.status,
      responseBody: JSON.stringify(response.body),
      createdAt: now,
    });
    return response;
  });
}

function hashFingerprint(fingerprint: unknown): string {
  const canonical = JSON.stringify(fingerprint, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}
