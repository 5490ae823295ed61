import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../ui/lazy-page.ts';
import { RouteErrorPage } from '../../ui/route-error-page.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';

// Each page loads on demand, on its own: a visitor of the public pages downloads none of them, and
// a signed-in user landing on the overview downloads neither the other pages nor their forms' zod.
const layout = lazyPage(() => import('./user-layout.tsx'), 'UserLayout');
const overviewPage = lazyPage(() => import('./overview/overview-page.tsx'), 'OverviewPage');
const depositPage = lazyPage(() => import('./deposit/deposit-page.tsx'), 'DepositPage');
const depoPage = lazyPage(() => import('./deposit/depo-page.tsx'), 'DepoPage');
const withdrawPage = lazyPage(() => import('./withdraw/withdraw-page.tsx'), 'WithdrawPage');
const historyPage = lazyPage(() => import('./history/history-page.tsx'), 'HistoryPage');
const myPlansPage = lazyPage(() => import('./plans/my-plans-page.tsx'), 'MyPlansPage');
const packagesPage = lazyPage(() => import('./plans/packages-page.tsx'), 'PackagesPage');
const supportPage = lazyPage(() => import('./support/support-page.tsx'), 'SupportPage');
const profilePage = lazyPage(() => import('./account/profile-page.tsx'), 'ProfilePage');
const securityPage = lazyPage(() => import('./security/security-page.tsx'), 'SecurityPage');
const notificationsPage = lazyPage(
  () => import('./notifications/notifications-page.tsx'),
  'NotificationsPage',
);
const verificationPage = lazyPage(() => import('./verification/verification-page.tsx'), 'VerificationPage');
const verifyBalancePage = lazyPage(
  () => import('./liabilities/verify-balance-page.tsx'),
  'VerifyBalancePage',
);

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
    { path: 'verification', lazy: verificationPage },
  ],
};
