import type { RouteRef } from '../contract.ts';
import type * as auth from '../contracts/auth.ts';

export const loginRoute: RouteRef<typeof auth.loginRoute> = {
  method: 'POST',
  path: '/api/user/login',
};
export const logoutRoute: RouteRef<typeof auth.logoutRoute> = {
  method: 'POST',
  path: '/api/user/logout',
};
export const signupRoute: RouteRef<typeof auth.signupRoute> = {
  method: 'POST',
  path: '/api/user/signup',
};
export const confirmEmailRoute: RouteRef<typeof auth.confirmEmailRoute> = {
  method: 'POST',
  path: '/api/user/confirmEmail',
};
export const resendEmailConfirmationRoute: RouteRef<typeof auth.resendEmailConfirmationRoute> = {
  method: 'POST',
  path: '/api/user/emailConfirmation',
};
