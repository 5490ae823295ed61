import type { RouteRef } from '../contract.ts';
import type * as passwordReset from '../contracts/password-reset.ts';

export const forgotPasswordRoute: RouteRef<typeof passwordReset.forgotPasswordRoute> = {
  method: 'POST',
  path: '/api/user/forgotPassword',
};
export const resetPasswordRoute: RouteRef<typeof passwordReset.resetPasswordRoute> = {
  method: 'POST',
  path: '/api/user/resetPassword',
};
