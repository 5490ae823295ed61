import { z } from 'zod';

/**
 * Whether the audit log's hash chain holds, as `GET /api/admin/audit/verify` and
 * `npm run verify-audit` find it: every entry follows the one before it and hashes to what it
 * stores, or the first entry that does not, with what broke.
 */
export const AuditChainStatusSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** Entries verified. */
    rows: z.number().int(),
    /** The newest entry: noted elsewhere, it shows later whether entries were cut off the end. */
    head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  }),
  z.object({
    ok: z.literal(false),
    /** Entries that verified before the broken one. */
    rows: z.number().int(),
    firstBroken: z.object({ id: z.string(), seq: z.number().int(), reason: z.string() }),
  }),
]);
export type AuditChainStatus = z.infer<typeof AuditChainStatusSchema>;
