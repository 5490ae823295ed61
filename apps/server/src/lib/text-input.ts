import { MESSAGES } from '@vestora/shared';
import { AppError } from './errors.ts';

/**
 * PostgreSQL cannot store the NUL character in text, and no person types one: any string in a
 * request that holds it is refused with a 400 before a handler or a query sees it.
 */
export function assertNoNulCharacter(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter);
  } else if (Array.isArray(value)) {
    for (const item of value) assertNoNulCharacter(item);
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      assertNoNulCharacter(key);
      assertNoNulCharacter(item);
    }
  }
}
