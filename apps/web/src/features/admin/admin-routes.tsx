import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../../ui/spinner.tsx';

// Loaded on demand: nobody but an administrator downloads the console.
const pages = () => import('./admin-pages.ts');

export const adminRoutes: RouteObject = {
  path: '/admin',
  HydrateFallback: PageSpinner,
  lazy: async () => ({ Component: (await pages()).AdminLayout }),
  children: [
    { index: true, element: <Navigate to="testing" replace /> },
    { path: 'testing', lazy: async () => ({ Component: (await pages()).UsersPage }) },
    { path: 'allusers', lazy: async () => ({ Component: (await pages()).UsersPage }) },
    { path: 'adminTrans', lazy: async () => ({ Component: (await pages()).TransactionsPage }) },
    { path: 'withdrawals', lazy: async () => ({ Component: (await pages()).WithdrawalsPage }) },
    { path: 'gateway', lazy: async () => ({ Component: (await pages()).GatewaysPage }) },
    { path: 'wallets', lazy: async () => ({ Component: (await pages()).WalletsPage }) },
    { path: 'plans', lazy: async () => ({ Component: (await pages()).PlansPage }) },
    { path: 'support', lazy: async () => ({ Component: (await pages()).SupportPage }) },
    { path: 'settings', lazy: async () => ({ Component: (await pages()).SiteSettingsPage }) },
    { path: 'audit', lazy: async () => ({ Component: (await pages()).AuditPage }) },
  ],
};
