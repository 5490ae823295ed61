import type { AuditChainStatus } from './audit-chain.ts';

/**
 * The one line the console and `npm run verify-audit` show. Kept apart from the schema
 * (audit-chain.ts), so the console's pages show it without bringing zod.
 */
export function describeAuditChain(status: AuditChainStatus): string {
  if (!status.ok) {
    return `Audit log: broken at entry #${status.firstBroken.seq} (${status.firstBroken.reason})`;
  }
  const entries = new Intl.NumberFormat('en-US').format(status.rows);
  return `Audit log: intact, ${entries} ${status.rows === 1 ? 'entry' : 'entries'}`;
}
