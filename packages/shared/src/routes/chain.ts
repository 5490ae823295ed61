import type { RouteRef } from '../contract.ts';
import type * as chain from '../contracts/chain.ts';

export const adminWalletsRoute: RouteRef<typeof chain.adminWalletsRoute> = {
  method: 'GET',
  path: '/api/admin/wallets',
};
export const chainDepositsRoute: RouteRef<typeof chain.chainDepositsRoute> = {
  method: 'GET',
  path: '/api/user/chainDeposits',
};
export const depositAddressRoute: RouteRef<typeof chain.depositAddressRoute> = {
  method: 'GET',
  path: '/api/user/depositAddress/:coin',
};
export const setWalletRoute: RouteRef<typeof chain.setWalletRoute> = {
  method: 'PUT',
  path: '/api/admin/wallets/:coin',
};
export const removeWalletRoute: RouteRef<typeof chain.removeWalletRoute> = {
  method: 'DELETE',
  path: '/api/admin/wallets/:coin',
};
