import type { RouteRef } from '../contract.ts';
import type * as setup from '../contracts/setup.ts';

export const depositCoinsRoute: RouteRef<typeof setup.depositCoinsRoute> = {
  method: 'GET',
  path: '/api/user/depositCoins',
};
export const setupChecklistRoute: RouteRef<typeof setup.setupChecklistRoute> = {
  method: 'GET',
  path: '/api/admin/setupChecklist',
};
