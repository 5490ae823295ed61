import type { RouteRef } from '../contract.ts';
import type * as users from '../contracts/users.ts';

export const allUsersRoute: RouteRef<typeof users.allUsersRoute> = {
  method: 'GET',
  path: '/api/user/getallusers',
};
export const deleteUserRoute: RouteRef<typeof users.deleteUserRoute> = {
  method: 'DELETE',
  path: '/api/admin/deleteOneUser/:id',
};
export const suspendUserRoute: RouteRef<typeof users.suspendUserRoute> = {
  method: 'PUT',
  path: '/api/admin/suspendUser/:id',
};
export const unsuspendUserRoute: RouteRef<typeof users.unsuspendUserRoute> = {
  method: 'PUT',
  path: '/api/admin/unsuspendUser/:id',
};
export const userProfileRoute: RouteRef<typeof users.userProfileRoute> = {
  method: 'GET',
  path: '/api/user/userprofile/:id',
};
export const verifyUserRoute: RouteRef<typeof users.verifyUserRoute> = {
  method: 'PUT',
  path: '/api/admin/verifyUser/:id',
};
