/**
 * How a record is named to people everywhere (transactions, the audit log, a user's history):
 * '#' and the last 10 characters of its id, uppercase, as the specification's transactions show.
 */
export function formatReference(id: string): string {
  return `#${id.slice(-10).toUpperCase()}`;
}
