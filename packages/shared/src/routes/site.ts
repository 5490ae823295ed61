import type { RouteRef } from '../contract.ts';
import type * as site from '../contracts/site.ts';

export const siteRoute: RouteRef<typeof site.siteRoute> = {
  method: 'GET',
  path: '/api/site',
};
export const updateSiteRoute: RouteRef<typeof site.updateSiteRoute> = {
  method: 'PUT',
  path: '/api/admin/site',
};
