import type { RouteRef } from '../contract.ts';
import type * as account from '../contracts/account.ts';

export const changePasswordRoute: RouteRef<typeof account.changePasswordRoute> = {
  method: 'PUT',
  path: '/api/user/password',
};
export const lockAccountRoute: RouteRef<typeof account.lockAccountRoute> = {
  method: 'POST',
  path: '/api/user/lockAccount',
};
export const profileDetailsRoute: RouteRef<typeof account.profileDetailsRoute> = {
  method: 'GET',
  path: '/api/user/profile/details',
};
export const updateAvatarRoute: RouteRef<typeof account.updateAvatarRoute> = {
  method: 'PUT',
  path: '/api/user/avatar',
};
export const updateProfileRoute: RouteRef<typeof account.updateProfileRoute> = {
  method: 'PUT',
  path: '/api/user/profile',
};
