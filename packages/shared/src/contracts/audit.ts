import { AuditEntrySchema, AuditQuerySchema } from '../account.ts';
import { defineRoute, pageOf } from '../contract.ts';

export const auditLogRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/audit',
  access: 'admin',
  summary: "Administrators' acts, newest first, optionally by action or target.",
  query: AuditQuerySchema,
  response: pageOf(AuditEntrySchema),
});
