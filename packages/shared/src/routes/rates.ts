import type { RouteRef } from '../contract.ts';
import type * as rates from '../contracts/rates.ts';

export const adminRatesRoute: RouteRef<typeof rates.adminRatesRoute> = {
  method: 'GET',
  path: '/api/admin/rates',
};
export const setRatesRoute: RouteRef<typeof rates.setRatesRoute> = {
  method: 'PUT',
  path: '/api/admin/rates',
};
