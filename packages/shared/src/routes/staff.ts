import type { RouteRef } from '../contract.ts';
import type * as staff from '../contracts/staff.ts';

export const staffRoute: RouteRef<typeof staff.staffRoute> = { method: 'GET', path: '/api/admin/staff' };

export const setStaffRolesRoute: RouteRef<typeof staff.setStaffRolesRoute> = {
  method: 'PUT',
  path: '/api/admin/staff/:id/roles',
};

export const setQuorumRoute: RouteRef<typeof staff.setQuorumRoute> = {
  method: 'PUT',
  path: '/api/admin/approvalPolicy',
};

export const reauthenticateRoute: RouteRef<typeof staff.reauthenticateRoute> = {
  method: 'POST',
  path: '/api/admin/reauthenticate',
};

export const myStaffRolesRoute: RouteRef<typeof staff.myStaffRolesRoute> = {
  method: 'GET',
  path: '/api/admin/staff/me',
};
