import type { RouteRef } from '../contract.ts';
import type * as history from '../contracts/history.ts';

export const allTransactionsRoute: RouteRef<typeof history.allTransactionsRoute> = {
  method: 'GET',
  path: '/api/admin/allTransactions',
};
export const userHistoryRoute: RouteRef<typeof history.userHistoryRoute> = {
  method: 'GET',
  path: '/api/user/transactions',
};
