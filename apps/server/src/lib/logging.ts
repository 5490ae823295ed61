import type { FastifyRequest } from 'fastify';

/**
 * What the server log may hold of a request: the path without its query string (reset tokens, file
 * signatures) and never a header (bearer tokens, cookies).
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}

/**
 * Errors from a failed query carry its parameters (a password hash, an e-mail) in their message and
 * fields. The log keeps the database's own words and codes, never the parameters or the statement.
 */
function serializeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const databaseError = findDatabaseError(error);
  if (databaseError) {
    // PostgreSQL quotes the offending value in its message ('invalid input syntax for type
    // integer: "…"'): the quotes are emptied. Table, column and constraint come as fields.
    const message = databaseError.message.replace(/"[^"]*"/g, '"…"');
    const frames = (databaseError.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '));
    return {
      type: 'DatabaseError',
      message,
      code: databaseError.code,
      table: databaseError.table,
      column: databaseError.column,
      constraint: databaseError.constraint,
      stack: [message, ...frames].join('\n'),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack ?? '' };
}

interface PgError extends Error {
  code: string;
  table?: string;
  column?: string;
  constraint?: string;
}

function findDatabaseError(error: Error): PgError | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && typeof current.code === 'string' && 'severity' in current)
      return current as PgError;
  }
  // A query error whose cause was lost still must not print its parameters.
  if ('params' in error) return Object.assign(new Error('A database query failed.'), { code: 'unknown' });
  return undefined;
}

export const LOG_SERIALIZERS = { req: serializeRequest, err: serializeError };

/** Belt and braces for anything logged by hand. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.params',
];
