import type { RouteRef } from '../contract.ts';
import type * as audit from '../contracts/audit.ts';

export const auditLogRoute: RouteRef<typeof audit.auditLogRoute> = {
  method: 'GET',
  path: '/api/admin/audit',
};
