import type { RouteRef } from '../contract.ts';
import type * as plans from '../contracts/plans.ts';

export const adminPlansRoute: RouteRef<typeof plans.adminPlansRoute> = {
  method: 'GET',
  path: '/api/admin/plans',
};
export const createPlanRoute: RouteRef<typeof plans.createPlanRoute> = {
  method: 'POST',
  path: '/api/admin/plans',
};
export const plansRoute: RouteRef<typeof plans.plansRoute> = {
  method: 'GET',
  path: '/api/plans',
};
export const restorePlanRoute: RouteRef<typeof plans.restorePlanRoute> = {
  method: 'PUT',
  path: '/api/admin/restorePlan/:id',
};
export const retirePlanRoute: RouteRef<typeof plans.retirePlanRoute> = {
  method: 'PUT',
  path: '/api/admin/retirePlan/:id',
};
export const updatePlanRoute: RouteRef<typeof plans.updatePlanRoute> = {
  method: 'PUT',
  path: '/api/admin/plans/:id',
};
