import type { z } from 'zod';
import { AppError, type ErrorCode } from './errors.ts';
import { assertNoNulCharacter } from './text-input.ts';

/**
 * Parses a request part with its shared schema; the first problem becomes a 400 with a readable
 * message. Every request part a handler reads comes through here, so this is where text holding the
 * NUL character is refused.
 */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  refusal: ErrorCode = 'BAD_REQUEST',
): z.output<Schema> {
  assertNoNulCharacter(value);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new AppError(refusal, 'The request is not valid.');
  const isFieldTypeProblem = issue.code === 'invalid_type' && issue.path.length > 0;
  const message = isFieldTypeProblem
    ? `${issue.path.join('.')} has the wrong type.`
    : issue.code === 'invalid_type'
      ? 'The request body must be a JSON object.'
      : issue.message;
  throw new AppError(refusal, message);
}
