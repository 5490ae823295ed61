import { z } from 'zod';
import { defineRoute, idParams, MessageResponseSchema } from '../contract.ts';
import { MESSAGES } from '../messages.ts';
import { CloseAccountRequestSchema, StatementQuerySchema } from '../statement.ts';

/**
 * A web ReadableStream of bytes, named by its shape: this package is built without the DOM's or
 * Node's types, and both runtimes' streams have it.
 */
export interface ByteStream {
  getReader(): unknown;
  cancel(reason?: unknown): Promise<void>;
}

/** The bytes of a statement, streamed as they are read. */
const StatementResponseSchema = z.custom<ByteStream>(
  (value) => typeof value === 'object' && value !== null && 'getReader' in value,
);

export const userStatementRoute = defineRoute({
  method: 'GET',
  path: '/api/user/statement.csv',
  access: 'user',
  summary:
    "The signed-in user's account statement as CSV: every movement of their balance between `from` and `to` (days, UTC, both included), with the balance after each.",
  query: StatementQuerySchema,
  response: StatementResponseSchema,
  produces: 'text/csv',
});

export const adminUserStatementRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/users/:id/statement.csv',
  access: 'admin',
  permission: 'users.read',
  summary:
    "Any user's statement as CSV, a closed account's too: the same file the user downloads, for the operator's records.",
  params: idParams(MESSAGES.userNotFound),
  query: StatementQuerySchema,
  response: StatementResponseSchema,
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
