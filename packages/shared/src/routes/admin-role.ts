import type { RouteRef } from '../contract.ts';
import type * as adminRole from '../contracts/admin-role.ts';

export const setAdministratorRoleRoute: RouteRef<typeof adminRole.setAdministratorRoleRoute> = {
  method: 'PUT',
  path: '/api/admin/users/:id/role',
};
