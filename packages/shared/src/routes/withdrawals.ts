import type { RouteRef } from '../contract.ts';
import type * as withdrawals from '../contracts/withdrawals.ts';

export const adminWithdrawalsRoute: RouteRef<typeof withdrawals.adminWithdrawalsRoute> = {
  method: 'GET',
  path: '/api/admin/withdrawals',
};
export const approveWithdrawalRoute: RouteRef<typeof withdrawals.approveWithdrawalRoute> = {
  method: 'PUT',
  path: '/api/admin/approveWithdrawal/:id',
};
export const declineWithdrawalRoute: RouteRef<typeof withdrawals.declineWithdrawalRoute> = {
  method: 'PUT',
  path: '/api/admin/declineWithdrawal/:id',
};
export const payoutTransactionRoute: RouteRef<typeof withdrawals.payoutTransactionRoute> = {
  method: 'PUT',
  path: '/api/admin/withdrawals/:id/payout',
};
export const requestWithdrawalRoute: RouteRef<typeof withdrawals.requestWithdrawalRoute> = {
  method: 'POST',
  path: '/api/user/withdraw',
};
export const userWithdrawalsRoute: RouteRef<typeof withdrawals.userWithdrawalsRoute> = {
  method: 'GET',
  path: '/api/user/withdrawals',
};
export const unsignedPayoutRoute: RouteRef<typeof withdrawals.unsignedPayoutRoute> = {
  method: 'GET',
  path: '/api/admin/withdrawals/:id/unsigned-transaction',
};
export const payoutBatchesRoute: RouteRef<typeof withdrawals.payoutBatchesRoute> = {
  method: 'GET',
  path: '/api/admin/payout-batches',
};
export const createPayoutBatchRoute: RouteRef<typeof withdrawals.createPayoutBatchRoute> = {
  method: 'POST',
  path: '/api/admin/payout-batches',
};
export const signedPayoutBatchRoute: RouteRef<typeof withdrawals.signedPayoutBatchRoute> = {
  method: 'PUT',
  path: '/api/admin/payout-batches/:id/signed',
};
export const cancelPayoutBatchRoute: RouteRef<typeof withdrawals.cancelPayoutBatchRoute> = {
  method: 'DELETE',
  path: '/api/admin/payout-batches/:id',
};
