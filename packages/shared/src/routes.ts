/**
 * Every route's method and path, without its schemas: what the web client needs to call a route.
 * Importing a contract from the package's barrel brings its zod schemas (and zod itself) into the
 * browser's download; a page imports its routes from here instead (`@vestora/shared/routes`), under
 * the contracts' own names, and keeps the contract's types through `import type`. Each reference is
 * typed by its contract, so the compiler rejects a method or path that differs from it, and the
 * server's API reference test checks that every contract has one.
 */

import type { RouteRef } from './contract.ts';
import type * as account from './contracts/account.ts';
import type * as adjustments from './contracts/adjustments.ts';
import type * as adminChanges from './contracts/admin-changes.ts';
import type * as adminRole from './contracts/admin-role.ts';
import type * as apiReference from './contracts/api-reference.ts';
import type * as audit from './contracts/audit.ts';
import type * as auth from './contracts/auth.ts';
import type * as chain from './contracts/chain.ts';
import type * as deposits from './contracts/deposits.ts';
import type * as files from './contracts/files.ts';
import type * as gateways from './contracts/gateways.ts';
import type * as history from './contracts/history.ts';
import type * as investments from './contracts/investments.ts';
import type * as ledger from './contracts/ledger.ts';
import type * as liabilities from './contracts/liabilities.ts';
import type * as mailAlerts from './contracts/mail-alerts.ts';
import type * as notifications from './contracts/notifications.ts';
import type * as passwordReset from './contracts/password-reset.ts';
import type * as plans from './contracts/plans.ts';
import type * as rates from './contracts/rates.ts';
import type * as sessions from './contracts/sessions.ts';
import type * as setup from './contracts/setup.ts';
import type * as site from './contracts/site.ts';
import type * as statement from './contracts/statement.ts';
import type * as support from './contracts/support.ts';
import type * as twoFactor from './contracts/two-factor.ts';
import type * as users from './contracts/users.ts';
import type * as withdrawalAddresses from './contracts/withdrawal-addresses.ts';
import type * as withdrawals from './contracts/withdrawals.ts';
// account
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

// adjustments
export const creditOrDebitRoute: RouteRef<typeof adjustments.creditOrDebitRoute> = {
  method: 'PUT',
  path: '/api/admin/creditOrDebit/:id',
};

// admin-changes
export const approveAdminChangeRoute: RouteRef<typeof adminChanges.approveAdminChangeRoute> = {
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/approve',
};
export const pendingAdminChangesRoute: RouteRef<typeof adminChanges.pendingAdminChangesRoute> = {
  method: 'GET',
  path: '/api/admin/pendingChanges',
};
export const rejectAdminChangeRoute: RouteRef<typeof adminChanges.rejectAdminChangeRoute> = {
  method: 'PUT',
  path: '/api/admin/pendingChanges/:id/reject',
};

// admin-role
export const setAdministratorRoleRoute: RouteRef<typeof adminRole.setAdministratorRoleRoute> = {
  method: 'PUT',
  path: '/api/admin/users/:id/role',
};

// api-reference
export const apiReferenceRoute: RouteRef<typeof apiReference.apiReferenceRoute> = {
  method: 'GET',
  path: '/api/docs',
};
export const openApiDocumentRoute: RouteRef<typeof apiReference.openApiDocumentRoute> = {
  method: 'GET',
  path: '/api/openapi.json',
};

// audit
export const auditLogRoute: RouteRef<typeof audit.auditLogRoute> = {
  method: 'GET',
  path: '/api/admin/audit',
};

// auth
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

// chain
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

// deposits
export const approveDepositRoute: RouteRef<typeof deposits.approveDepositRoute> = {
  method: 'PUT',
  path: '/api/admin/approveDeposit/:id',
};
export const createDepositRoute: RouteRef<typeof deposits.createDepositRoute> = {
  method: 'POST',
  path: '/api/user/deposit',
};
export const declineDepositRoute: RouteRef<typeof deposits.declineDepositRoute> = {
  method: 'PUT',
  path: '/api/admin/declineDeposit/:id',
};

// files
export const fileRoute: RouteRef<typeof files.fileRoute> = {
  method: 'GET',
  path: '/api/files/:id',
};

// gateways
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

// history
export const allTransactionsRoute: RouteRef<typeof history.allTransactionsRoute> = {
  method: 'GET',
  path: '/api/admin/allTransactions',
};
export const userHistoryRoute: RouteRef<typeof history.userHistoryRoute> = {
  method: 'GET',
  path: '/api/user/transactions',
};

// investments
export const fundReserveRoute: RouteRef<typeof investments.fundReserveRoute> = {
  method: 'PUT',
  path: '/api/admin/fundReserve',
};
export const investRoute: RouteRef<typeof investments.investRoute> = {
  method: 'POST',
  path: '/api/user/invest',
};
export const investmentsRoute: RouteRef<typeof investments.investmentsRoute> = {
  method: 'GET',
  path: '/api/user/investments',
};
export const reserveRoute: RouteRef<typeof investments.reserveRoute> = {
  method: 'GET',
  path: '/api/admin/reserve',
};

// ledger
export const ledgerHealthRoute: RouteRef<typeof ledger.ledgerHealthRoute> = {
  method: 'GET',
  path: '/api/admin/ledger/health',
};

// liabilities
export const liabilityBalanceRoute: RouteRef<typeof liabilities.liabilityBalanceRoute> = {
  method: 'GET',
  path: '/api/user/liabilities/balance',
};
export const liabilityProofRoute: RouteRef<typeof liabilities.liabilityProofRoute> = {
  method: 'GET',
  path: '/api/user/liabilities/proof',
};
export const liabilitySnapshotsRoute: RouteRef<typeof liabilities.liabilitySnapshotsRoute> = {
  method: 'GET',
  path: '/api/liabilities',
};
export const takeLiabilitySnapshotRoute: RouteRef<typeof liabilities.takeLiabilitySnapshotRoute> = {
  method: 'POST',
  path: '/api/admin/liabilities/snapshots',
};

// mail-alerts
export const alertPreferencesRoute: RouteRef<typeof mailAlerts.alertPreferencesRoute> = {
  method: 'GET',
  path: '/api/user/alertPreferences',
};
export const antiPhishingCodeRoute: RouteRef<typeof mailAlerts.antiPhishingCodeRoute> = {
  method: 'GET',
  path: '/api/user/antiPhishingCode',
};
export const setAlertPreferencesRoute: RouteRef<typeof mailAlerts.setAlertPreferencesRoute> = {
  method: 'PUT',
  path: '/api/user/alertPreferences',
};
export const setAntiPhishingCodeRoute: RouteRef<typeof mailAlerts.setAntiPhishingCodeRoute> = {
  method: 'PUT',
  path: '/api/user/antiPhishingCode',
};

// notifications
export const notificationsRoute: RouteRef<typeof notifications.notificationsRoute> = {
  method: 'GET',
  path: '/api/user/notifications',
};
export const readNotificationsRoute: RouteRef<typeof notifications.readNotificationsRoute> = {
  method: 'PUT',
  path: '/api/user/notifications/read',
};

// password-reset
export const forgotPasswordRoute: RouteRef<typeof passwordReset.forgotPasswordRoute> = {
  method: 'POST',
  path: '/api/user/forgotPassword',
};
export const resetPasswordRoute: RouteRef<typeof passwordReset.resetPasswordRoute> = {
  method: 'POST',
  path: '/api/user/resetPassword',
};

// plans
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

// rates
export const adminRatesRoute: RouteRef<typeof rates.adminRatesRoute> = {
  method: 'GET',
  path: '/api/admin/rates',
};
export const setRatesRoute: RouteRef<typeof rates.setRatesRoute> = {
  method: 'PUT',
  path: '/api/admin/rates',
};

// sessions
export const adminEndUserSessionsRoute: RouteRef<typeof sessions.adminEndUserSessionsRoute> = {
  method: 'DELETE',
  path: '/api/admin/users/:id/sessions',
};
export const adminUserAddressesRoute: RouteRef<typeof sessions.adminUserAddressesRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/addresses',
};
export const adminUserSecurityEventsRoute: RouteRef<typeof sessions.adminUserSecurityEventsRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/securityEvents',
};
export const adminUserSessionsRoute: RouteRef<typeof sessions.adminUserSessionsRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/sessions',
};
export const endOtherSessionsRoute: RouteRef<typeof sessions.endOtherSessionsRoute> = {
  method: 'DELETE',
  path: '/api/user/sessions',
};
export const endUserSessionRoute: RouteRef<typeof sessions.endUserSessionRoute> = {
  method: 'DELETE',
  path: '/api/user/sessions/:id',
};
export const userSessionsRoute: RouteRef<typeof sessions.userSessionsRoute> = {
  method: 'GET',
  path: '/api/user/sessions',
};

// setup
export const depositCoinsRoute: RouteRef<typeof setup.depositCoinsRoute> = {
  method: 'GET',
  path: '/api/user/depositCoins',
};
export const setupChecklistRoute: RouteRef<typeof setup.setupChecklistRoute> = {
  method: 'GET',
  path: '/api/admin/setupChecklist',
};

// site
export const siteRoute: RouteRef<typeof site.siteRoute> = {
  method: 'GET',
  path: '/api/site',
};
export const updateSiteRoute: RouteRef<typeof site.updateSiteRoute> = {
  method: 'PUT',
  path: '/api/admin/site',
};

// statement
export const adminUserStatementRoute: RouteRef<typeof statement.adminUserStatementRoute> = {
  method: 'GET',
  path: '/api/admin/users/:id/statement.csv',
};
export const closeAccountRoute: RouteRef<typeof statement.closeAccountRoute> = {
  method: 'POST',
  path: '/api/user/close',
};
export const userStatementRoute: RouteRef<typeof statement.userStatementRoute> = {
  method: 'GET',
  path: '/api/user/statement.csv',
};

// support
export const addTicketMessageRoute: RouteRef<typeof support.addTicketMessageRoute> = {
  method: 'POST',
  path: '/api/user/support/:id/messages',
};
export const adminTicketsRoute: RouteRef<typeof support.adminTicketsRoute> = {
  method: 'GET',
  path: '/api/admin/support',
};
export const closeOwnTicketRoute: RouteRef<typeof support.closeOwnTicketRoute> = {
  method: 'PUT',
  path: '/api/user/support/:id/close',
};
export const closeTicketRoute: RouteRef<typeof support.closeTicketRoute> = {
  method: 'PUT',
  path: '/api/admin/support/:id/close',
};
export const openTicketRoute: RouteRef<typeof support.openTicketRoute> = {
  method: 'POST',
  path: '/api/user/support',
};
export const replyToTicketRoute: RouteRef<typeof support.replyToTicketRoute> = {
  method: 'POST',
  path: '/api/admin/support/:id/reply',
};
export const userTicketsRoute: RouteRef<typeof support.userTicketsRoute> = {
  method: 'GET',
  path: '/api/user/support',
};

// two-factor
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

// users
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

// withdrawal-addresses
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

// withdrawals
export const adminWithdrawalsRoute: RouteRef<typeof withdrawals.adminWithdrawalsRoute> = {
  method: 'GET',
  path: '/api/admin/withdrawals',
};
export const approveWithdrawalRoute: RouteRef<typeof withdrawals.approveWithdrawalRoute> = {
  method: 'PUT',
  path: '/api/admin/approveWithdrawal/:id',
};
export const declineWithdrawalRoute: RouteRef<typeof withdrawals.declineWithdrawalRoute> = {
  method: 'PUT',
  path: '/api/admin/declineWithdrawal/:id',
};
export const requestWithdrawalRoute: RouteRef<typeof withdrawals.requestWithdrawalRoute> = {
  method: 'POST',
  path: '/api/user/withdraw',
};
export const userWithdrawalsRoute: RouteRef<typeof withdrawals.userWithdrawalsRoute> = {
  method: 'GET',
  path: '/api/user/withdrawals',
};
