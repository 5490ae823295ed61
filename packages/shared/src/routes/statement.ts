import type { RouteRef } from '../contract.ts';
import type * as statement from '../contracts/statement.ts';

export const adminUserStatementRoute: RouteRef<typeof statement.adminUserStatementRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/statement.csv',
};
export const closeAccountRoute: RouteRef<typeof statement.closeAccountRoute> = {
  method: 'POST',
  path: '/api/user/close',
};
export const userStatementRoute: RouteRef<typeof statement.userStatementRoute> = {
  method: 'GET',
  path: '/api/user/statement.csv',
};
