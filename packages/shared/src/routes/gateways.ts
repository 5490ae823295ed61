import type { RouteRef } from '../contract.ts';
import type * as gateways from '../contracts/gateways.ts';

export const addGatewayRoute: RouteRef<typeof gateways.addGatewayRoute> = {
  method: 'POST',
  path: '/api/admin/postWay',
};
export const adminGatewaysRoute: RouteRef<typeof gateways.adminGatewaysRoute> = {
  method: 'GET',
  path: '/api/admin/getPost',
};
export const coinGatewaysRoute: RouteRef<typeof gateways.coinGatewaysRoute> = {
  method: 'GET',
  path: '/api/user/getPostByName/:mode',
};
export const deleteGatewayRoute: RouteRef<typeof gateways.deleteGatewayRoute> = {
  method: 'DELETE',
  path: '/api/admin/deletePost/:id',
};
