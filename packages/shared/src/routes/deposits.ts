import type { RouteRef } from '../contract.ts';
import type * as deposits from '../contracts/deposits.ts';

export const approveDepositRoute: RouteRef<typeof deposits.approveDepositRoute> = {
  method: 'PUT',
  path: '/api/admin/approveDeposit/:id',
};
export const createDepositRoute: RouteRef<typeof deposits.createDepositRoute> = {
  method: 'POST',
  path: '/api/user/deposit',
};
export const declineDepositRoute: RouteRef<typeof deposits.declineDepositRoute> = {
  method: 'PUT',
  path: '/api/admin/declineDeposit/:id',
};
