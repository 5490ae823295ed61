import { MESSAGES } from '@vestora/shared';
import { AppError } from './errors.ts';

/**
 * PostgreSQL cannot store the NUL character in text, and no person types one: a string in a
 * request that holds it is refused with a 400 before a handler or a query sees it. Walks without
 * recursion, as a request may nest as deep as JSON allows.
 */
export function assertNoNulCharacter(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter);
    } else if (Array.isArray(current)) {
      pending.push(...current);
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) pending.push(key, item);
    }
  }
}
