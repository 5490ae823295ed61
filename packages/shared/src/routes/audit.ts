import type { RouteRef } from '../contract.ts';
import type * as audit from '../contracts/audit.ts';

export const auditLogRoute: RouteRef<typeof audit.auditLogRoute> = {
  method: 'GET',
  path: '/api/admin/audit',
};

export const auditChainRoute: RouteRef<typeof audit.auditChainRoute> = {
  method: 'GET',
  path: '/api/admin/audit/verify',
};
