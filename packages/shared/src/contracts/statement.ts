import { z } from 'zod';
import { defineRoute, MessageResponseSchema } from '../contract.ts';
import { CloseAccountRequestSchema, StatementQuerySchema } from '../statement.ts';

/**
 * A web ReadableStream of bytes, named by its shape: this package is built without the DOM's or
 * Node's types, and both runtimes' streams have it.
 */
export interface ByteStream {
  getReader(): unknown;
  cancel(reason?: unknown): Promise<void>;
}

export const userStatementRoute = defineRoute({
  method: 'GET',
  path: '/api/user/statement.csv',
  access: 'user',
  summary:
    "The signed-in user's account statement as CSV: every movement of their balance between `from` and `to` (days, UTC, both included), with the balance after each.",
  query: StatementQuerySchema,
  /** The CSV, streamed as it is read. */
  response: z.custom<ByteStream>(
    (value) => typeof value === 'object' && value !== null && 'getReader' in value,
  ),
  produces: 'text/csv',
});

export const closeAccountRoute = defineRoute({
  method: 'POST',
  path: '/api/user/close',
  access: 'user',
  summary:
    'Close the signed-in account, with its password: only with a zero balance, nothing pending and no active plan. Every session ends; the history stays.',
  body: CloseAccountRequestSchema,
  response: MessageResponseSchema,
});
