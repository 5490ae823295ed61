/** The JSON values canonicalJson encodes: what JSON.parse returns. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * One text for one JSON value, whatever order its keys were built or stored in (jsonb reorders
 * them): no spaces, every object's keys sorted by their UTF-8 bytes, numbers and strings as
 * JSON.stringify writes them. The byte order is PostgreSQL's `COLLATE "C"`, so the database can
 * write the same text (`audit_canonical_json`, migration 0025). Content that hashes must go
 * through this rather than JSON.stringify, whose key order is the order of insertion.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort(byUtf8Bytes);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
}

/** Code point order; JavaScript's own string order (UTF-16 units) differs above U+FFFF. */
function byUtf8Bytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * A value as it comes back from a jsonb column: Dates become their ISO text, undefined fields go,
 * what JSON cannot hold (undefined, a function) becomes null. What is stored and what is hashed must be this same value.
 */
export function toJsonValue(value: unknown): JsonValue {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}
