import type { RouteRef } from '../contract.ts';
import type * as investments from '../contracts/investments.ts';

export const fundReserveRoute: RouteRef<typeof investments.fundReserveRoute> = {
  method: 'PUT',
  path: '/api/admin/fundReserve',
};
export const investRoute: RouteRef<typeof investments.investRoute> = {
  method: 'POST',
  path: '/api/user/invest',
};
export const investmentsRoute: RouteRef<typeof investments.investmentsRoute> = {
  method: 'GET',
  path: '/api/user/investments',
};
export const reserveRoute: RouteRef<typeof investments.reserveRoute> = {
  method: 'GET',
  path: '/api/admin/reserve',
};
