import type { Database } from '../db/client.ts';

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in one transaction, retrying a bounded number of times when PostgreSQL reports a
 * serialization failure or a deadlock, so those never reach the user as a business error.
 */
export async function runInTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(postgresCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 20));
    }
  }
}

export function postgresCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; ) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A unique index refused the row: someone else holds the value (a name, an e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  return postgresCode(error) === '23505';
}

/** The constraint a PostgreSQL error names (unique index, check), through any wrapping. */
export function postgresConstraint(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; ) {
    if ('constraint' in current && typeof current.constraint === 'string') return current.constraint;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
