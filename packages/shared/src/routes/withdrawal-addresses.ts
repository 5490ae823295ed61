import type { RouteRef } from '../contract.ts';
import type * as withdrawalAddresses from '../contracts/withdrawal-addresses.ts';

export const addWithdrawalAddressRoute: RouteRef<typeof withdrawalAddresses.addWithdrawalAddressRoute> = {
  method: 'POST',
  path: '/api/user/addresses',
};
export const cancelWithdrawalAddressRoute: RouteRef<typeof withdrawalAddresses.cancelWithdrawalAddressRoute> =
  {
    method: 'POST',
    path: '/api/user/addresses/cancel',
  };
export const removeWithdrawalAddressRoute: RouteRef<typeof withdrawalAddresses.removeWithdrawalAddressRoute> =
  {
    method: 'DELETE',
    path: '/api/user/addresses/:id',
  };
export const withdrawalAddressesRoute: RouteRef<typeof withdrawalAddresses.withdrawalAddressesRoute> = {
  method: 'GET',
  path: '/api/user/addresses',
};
