import type { RouteRef } from '../contract.ts';
import type * as liabilities from '../contracts/liabilities.ts';

export const liabilityBalanceRoute: RouteRef<typeof liabilities.liabilityBalanceRoute> = {
  method: 'GET',
  path: '/api/user/liabilities/balance',
};
export const liabilityProofRoute: RouteRef<typeof liabilities.liabilityProofRoute> = {
  method: 'GET',
  path: '/api/user/liabilities/proof',
};
export const liabilitySnapshotsRoute: RouteRef<typeof liabilities.liabilitySnapshotsRoute> = {
  method: 'GET',
  path: '/api/liabilities',
};
export const takeLiabilitySnapshotRoute: RouteRef<typeof liabilities.takeLiabilitySnapshotRoute> = {
  method: 'POST',
  path: '/api/admin/liabilities/snapshots',
};
export const reservesRoute: RouteRef<typeof liabilities.reservesRoute> = {
  method: 'GET',
  path: '/api/admin/reserves',
};
export const reserveChallengeRoute: RouteRef<typeof liabilities.reserveChallengeRoute> = {
  method: 'GET',
  path: '/api/admin/reserves/challenge',
};
export const registerReserveRoute: RouteRef<typeof liabilities.registerReserveRoute> = {
  method: 'POST',
  path: '/api/admin/reserves',
};
export const removeReserveRoute: RouteRef<typeof liabilities.removeReserveRoute> = {
  method: 'DELETE',
  path: '/api/admin/reserves/:id',
};
export const liabilityStatementRoute: RouteRef<typeof liabilities.liabilityStatementRoute> = {
  method: 'GET',
  path: '/api/liabilities/:id/statement',
};
