import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RouteErrorPage } from '../../ui/route-error-page.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';

// Each page loads on demand, on its own: nobody but an administrator downloads the console, and its
// first page comes without the others and their forms' zod.
const layout = lazyPage(() => import('./admin-layout.tsx'), 'AdminLayout');
const usersPage = lazyPage(() => import('./users/users-page.tsx'), 'UsersPage');
const transactionsPage = lazyPage(() => import('./money/transactions-page.tsx'), 'TransactionsPage');
const withdrawalsPage = lazyPage(() => import('./money/withdrawals-page.tsx'), 'WithdrawalsPage');
const payoutBatchesPage = lazyPage(() => import('./money/payout-batches-page.tsx'), 'PayoutBatchesPage');
const gatewaysPage = lazyPage(() => import('./gateways/gateways-page.tsx'), 'GatewaysPage');
const walletsPage = lazyPage(() => import('./gateways/wallets-page.tsx'), 'WalletsPage');
const plansPage = lazyPage(() => import('./plans/plans-page.tsx'), 'PlansPage');
const supportPage = lazyPage(() => import('./support/support-page.tsx'), 'SupportPage');
const siteSettingsPage = lazyPage(() => import('./settings/site-settings-page.tsx'), 'SiteSettingsPage');
const auditPage = lazyPage(() => import('./audit/audit-page.tsx'), 'AuditPage');
const approvalsPage = lazyPage(() => import('./approvals/approvals-page.tsx'), 'ApprovalsPage');
const staffPage = lazyPage(() => import('./staff/staff-page.tsx'), 'StaffPage');
const solvencyPage = lazyPage(() => import('./solvency/solvency-page.tsx'), 'SolvencyPage');
const verificationsPage = lazyPage(() => import('./identity/verifications-page.tsx'), 'VerificationsPage');
const apiKeysPage = lazyPage(() => import('./api-keys/api-keys-page.tsx'), 'ApiKeysPage');
const webhooksSection = lazyPage(() => import('./webhooks/webhooks-section.tsx'), 'WebhooksSection');
const verificationReviewPage = lazyPage(
  () => import('./identity/verification-review-page.tsx'),
  'VerificationReviewPage',
);

export const adminRoutes: RouteObject = {
  path: '/admin',
  HydrateFallback: PageSpinner,
  errorElement: <RouteErrorPage home="/admin/testing" />,
  lazy: layout,
  children: [
    { index: true, element: <Navigate to="testing" replace /> },
    { path: 'testing', lazy: usersPage },
    { path: 'allusers', lazy: usersPage },
    { path: 'adminTrans', lazy: transactionsPage },
    { path: 'withdrawals', lazy: withdrawalsPage },
    { path: 'gateway', lazy: gatewaysPage },
    { path: 'wallets', lazy: walletsPage },
    { path: 'plans', lazy: plansPage },
    { path: 'support', lazy: supportPage },
    { path: 'settings', lazy: siteSettingsPage },
    { path: 'audit', lazy: auditPage },
    { path: 'approvals', lazy: approvalsPage },
    { path: 'staff', lazy: staffPage },
    { path: 'solvency', lazy: solvencyPage },
    { path: 'payouts', lazy: payoutBatchesPage },
    { path: 'verifications', lazy: verificationsPage },
    { path: 'verifications/:id', lazy: verificationReviewPage },
    { path: 'api-keys', lazy: apiKeysPage },
    { path: 'webhooks/:id?', lazy: webhooksSection },
  ],
};
