import { Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../../ui/route-error-page.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';

// Every page of the area loads on demand, so a visitor of the public pages downloads none of them.
const pages = () => import('./user-pages.ts');

export const userRoutes: RouteObject = {
  path: '/user',
  HydrateFallback: PageSpinner,
  errorElement: <RouteErrorPage home="/user/overview" />,
  lazy: async () => ({ Component: (await pages()).UserLayout }),
  children: [
    { index: true, element: <Navigate to="overview" replace /> },
    { path: 'overview', lazy: async () => ({ Component: (await pages()).OverviewPage }) },
    // Both deposit flows of the specification: the drawer links the first, the side menu the second.
    { path: 'deposit', lazy: async () => ({ Component: (await pages()).DepositPage }) },
    { path: 'depo', lazy: async () => ({ Component: (await pages()).DepoPage }) },
    { path: 'withdraw', lazy: async () => ({ Component: (await pages()).WithdrawPage }) },
    { path: 'history', lazy: async () => ({ Component: (await pages()).HistoryPage }) },
    { path: 'my-plans', lazy: async () => ({ Component: (await pages()).MyPlansPage }) },
    { path: 'packages', lazy: async () => ({ Component: (await pages()).PackagesPage }) },
    // My-plans' Invest Now links here (specification); it is the packages page.
    { path: 'invest', lazy: async () => ({ Component: (await pages()).PackagesPage }) },
    { path: 'support', lazy: async () => ({ Component: (await pages()).SupportPage }) },
    { path: 'profile', lazy: async () => ({ Component: (await pages()).ProfilePage }) },
    { path: 'security', lazy: async () => ({ Component: (await pages()).SecurityPage }) },
    { path: 'notifications', lazy: async () => ({ Component: (await pages()).NotificationsPage }) },
    { path: 'verify-balance', lazy: async () => ({ Component: (await pages()).VerifyBalancePage }) },
  ],
};
