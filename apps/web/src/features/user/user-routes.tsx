import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../../ui/route-error-page.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';

// Each page loads on demand, on its own: a visitor of the public pages downloads none of them, and
// a signed-in user landing on the overview downloads neither the other pages nor their forms' zod.
const layout = async () => ({ Component: (await import('./user-layout.tsx')).UserLayout });
const overviewPage = async () => ({ Component: (await import('./overview/overview-page.tsx')).OverviewPage });
const depositPage = async () => ({ Component: (await import('./deposit/deposit-page.tsx')).DepositPage });
const depoPage = async () => ({ Component: (await import('./deposit/depo-page.tsx')).DepoPage });
const withdrawPage = async () => ({ Component: (await import('./withdraw/withdraw-page.tsx')).WithdrawPage });
const historyPage = async () => ({ Component: (await import('./history/history-page.tsx')).HistoryPage });
const myPlansPage = async () => ({ Component: (await import('./plans/my-plans-page.tsx')).MyPlansPage });
const packagesPage = async () => ({ Component: (await import('./plans/packages-page.tsx')).PackagesPage });
const supportPage = async () => ({ Component: (await import('./support/support-page.tsx')).SupportPage });
const profilePage = async () => ({ Component: (await import('./account/profile-page.tsx')).ProfilePage });
const securityPage = async () => ({ Component: (await import('./security/security-page.tsx')).SecurityPage });
const notificationsPage = async () => ({
  Component: (await import('./notifications/notifications-page.tsx')).NotificationsPage,
});
const verifyBalancePage = async () => ({
  Component: (await import('./liabilities/verify-balance-page.tsx')).VerifyBalancePage,
});

export const userRoutes: RouteObject = {
  path: '/user',
  HydrateFallback: PageSpinner,
  errorElement: <RouteErrorPage home="/user/overview" />,
  lazy: layout,
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    { path: 'overview', lazy: overviewPage },
    // Both deposit flows of the specification: the drawer links the first, the side menu the second.
    { path: 'deposit', lazy: depositPage },
    { path: 'depo', lazy: depoPage },
    { path: 'withdraw', lazy: withdrawPage },
    { path: 'history', lazy: historyPage },
    { path: 'my-plans', lazy: myPlansPage },
    { path: 'packages', lazy: packagesPage },
    // My-plans' Invest Now links here (specification); it is the packages page.
    { path: 'invest', lazy: packagesPage },
    { path: 'support', lazy: supportPage },
    { path: 'profile', lazy: profilePage },
    { path: 'security', lazy: securityPage },
    { path: 'notifications', lazy: notificationsPage },
    { path: 'verify-balance', lazy: verifyBalancePage },
  ],
};
