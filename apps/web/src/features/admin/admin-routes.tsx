import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../../ui/route-error-page.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';

// Each page loads on demand, on its own: nobody but an administrator downloads the console, and its
// first page comes without the others and their forms' zod.
const layout = async () => ({ Component: (await import('./admin-layout.tsx')).AdminLayout });
const usersPage = async () => ({ Component: (await import('./users/users-page.tsx')).UsersPage });
const transactionsPage = async () => ({
  Component: (await import('./money/transactions-page.tsx')).TransactionsPage,
});
const withdrawalsPage = async () => ({
  Component: (await import('./money/withdrawals-page.tsx')).WithdrawalsPage,
});
const gatewaysPage = async () => ({ Component: (await import('./gateways/gateways-page.tsx')).GatewaysPage });
const walletsPage = async () => ({ Component: (await import('./gateways/wallets-page.tsx')).WalletsPage });
const plansPage = async () => ({ Component: (await import('./plans/plans-page.tsx')).PlansPage });
const supportPage = async () => ({ Component: (await import('./support/support-page.tsx')).SupportPage });
const siteSettingsPage = async () => ({
  Component: (await import('./settings/site-settings-page.tsx')).SiteSettingsPage,
});
const auditPage = async () => ({ Component: (await import('./audit/audit-page.tsx')).AuditPage });
const approvalsPage = async () => ({
  Component: (await import('./approvals/approvals-page.tsx')).ApprovalsPage,
});
const staffPage = async () => ({ Component: (await import('./staff/staff-page.tsx')).StaffPage });
const solvencyPage = async () => ({
  Component: (await import('./solvency/solvency-page.tsx')).SolvencyPage,
});

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
  ],
};
