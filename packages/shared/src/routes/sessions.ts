import type { RouteRef } from '../contract.ts';
import type * as sessions from '../contracts/sessions.ts';

export const adminEndUserSessionsRoute: RouteRef<typeof sessions.adminEndUserSessionsRoute> = {
  method: 'DELETE',
  path: '/api/admin/users/:id/sessions',
};
export const adminUserAddressesRoute: RouteRef<typeof sessions.adminUserAddressesRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/addresses',
};
export const adminUserSecurityEventsRoute: RouteRef<typeof sessions.adminUserSecurityEventsRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/securityEvents',
};
export const adminUserSessionsRoute: RouteRef<typeof sessions.adminUserSessionsRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/sessions',
};
export const endOtherSessionsRoute: RouteRef<typeof sessions.endOtherSessionsRoute> = {
  method: 'DELETE',
  path: '/api/user/sessions',
};
export const endUserSessionRoute: RouteRef<typeof sessions.endUserSessionRoute> = {
  method: 'DELETE',
  path: '/api/user/sessions/:id',
};
export const userSessionsRoute: RouteRef<typeof sessions.userSessionsRoute> = {
  method: 'GET',
  path: '/api/user/sessions',
};
