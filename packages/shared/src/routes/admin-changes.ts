import type { RouteRef } from '../contract.ts';
import type * as adminChanges from '../contracts/admin-changes.ts';

export const approveAdminChangeRoute: RouteRef<typeof adminChanges.approveAdminChangeRoute> = {
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/approve',
};
export const pendingAdminChangesRoute: RouteRef<typeof adminChanges.pendingAdminChangesRoute> = {
  method: 'GET',
  path: '/api/admin/pendingChanges',
};
export const rejectAdminChangeRoute: RouteRef<typeof adminChanges.rejectAdminChangeRoute> = {
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/reject',
};
