import type { RouteRef } from '../contract.ts';
import type * as twoFactor from '../contracts/two-factor.ts';

export const adminLoginHistoryRoute: RouteRef<typeof twoFactor.adminLoginHistoryRoute> = {
  method: 'GET',
  path: '/api/admin/loginHistory/:id',
};
export const adminSecurityRoute: RouteRef<typeof twoFactor.adminSecurityRoute> = {
  method: 'GET',
  path: '/api/admin/security',
};
export const disableTwoFactorRoute: RouteRef<typeof twoFactor.disableTwoFactorRoute> = {
  method: 'POST',
  path: '/api/user/2fa/disable',
};
export const enableTwoFactorRoute: RouteRef<typeof twoFactor.enableTwoFactorRoute> = {
  method: 'POST',
  path: '/api/user/2fa/enable',
};
export const loginHistoryRoute: RouteRef<typeof twoFactor.loginHistoryRoute> = {
  method: 'GET',
  path: '/api/user/login-history',
};
export const renewRecoveryCodesRoute: RouteRef<typeof twoFactor.renewRecoveryCodesRoute> = {
  method: 'POST',
  path: '/api/user/2fa/recoveryCodes',
};
export const resetUserTwoFactorRoute: RouteRef<typeof twoFactor.resetUserTwoFactorRoute> = {
  method: 'DELETE',
  path: '/api/admin/users/:id/2fa',
};
export const startTwoFactorSetupRoute: RouteRef<typeof twoFactor.startTwoFactorSetupRoute> = {
  method: 'POST',
  path: '/api/user/2fa/setup',
};
export const twoFactorStatusRoute: RouteRef<typeof twoFactor.twoFactorStatusRoute> = {
  method: 'GET',
  path: '/api/user/2fa',
};
