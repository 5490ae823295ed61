import type { RouteRef } from '../contract.ts';
import type * as adjustments from '../contracts/adjustments.ts';

export const creditOrDebitRoute: RouteRef<typeof adjustments.creditOrDebitRoute> = {
  method: 'PUT',
  path: '/api/admin/creditOrDebit/:id',
};
