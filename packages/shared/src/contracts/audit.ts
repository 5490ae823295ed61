import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema } from '../account.ts';
import { AuditChainStatusSchema } from '../audit-chain.ts';
import { defineRoute, pageOf } from '../contract.ts';

export const auditLogRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/audit',
  access: 'admin',
  permission: 'audit.read',
  summary: "Administrators' acts, newest first, optionally by action or target.",
  query: AuditQuerySchema,
  response: pageOf(AuditEntrySchema),
});

export const auditChainRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/audit/verify',
  access: 'admin',
  permission: 'audit.read',
  summary: "Check the audit log's hash chain: no entry edited or removed, or the first that was.",
  response: z.object({ data: AuditChainStatusSchema }),
});
