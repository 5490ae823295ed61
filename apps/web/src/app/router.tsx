import { Navigate, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/admin-routes.tsx';
import { LandingPage } from '../features/public/landing/landing-page.tsx';
import { NotFoundPage } from '../features/public/not-found-page.tsx';
import { PublicLayout } from '../features/public/public-layout.tsx';
import { userRoutes } from '../features/user/user-routes.tsx';
import { lazyPage } from '../ui/lazy-page.ts';
import { RouteErrorPage } from '../ui/route-error-page.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

const signInPage = lazyPage(() => import('../features/auth/signin-page.tsx'), 'SignInPage');
const signUpPage = lazyPage(() => import('../features/auth/signup-page.tsx'), 'SignUpPage');
// Only the landing page is in the first download; the other public pages come when opened.
const policyPage = lazyPage(() => import('../features/public/legal/policy-page.tsx'), 'PolicyPage');
const reviewPage = lazyPage(() => import('../features/auth/review-page.tsx'), 'ReviewPage');
const termsPage = lazyPage(() => import('../features/public/legal/terms-page.tsx'), 'TermsPage');
const liabilitiesPage = lazyPage(
  () => import('../features/public/liabilities/liabilities-page.tsx'),
  'LiabilitiesPage',
);
const forgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const resetPasswordPage = lazyPage(
  () => import('../features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const lockAccountPage = lazyPage(
  () => import('../features/public/email-links/lock-account-page.tsx'),
  'LockAccountPage',
);

const confirmEmailPage = lazyPage(
  () => import('../features/public/email-links/confirm-email-page.tsx'),
  'ConfirmEmailPage',
);

const cancelAddressPage = lazyPage(
  () => import('../features/public/email-links/cancel-address-page.tsx'),
  'CancelAddressPage',
);

/**
 * The app's routes. The browser's router is made from them in start-app.tsx; the build prerenders the
 * public pages from them too (prerender.tsx), so this module touches no browser API.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, Component: LandingPage },
      { path: 'policy', lazy: policyPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
      { path: 'review', lazy: reviewPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
      { path: 'terms', lazy: termsPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
      {
        path: 'liabilities',
        lazy: liabilitiesPage,
        HydrateFallback: PageSpinner,
        errorElement: <RouteErrorPage />,
      },
    ],
  },
  { path: '/signin', lazy: signInPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
  { path: '/login', lazy: signInPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
  { path: '/signup', lazy: signUpPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
  { path: '/register', lazy: signUpPage, HydrateFallback: PageSpinner, errorElement: <RouteErrorPage /> },
  {
    path: '/forgetpass',
    lazy: forgotPasswordPage,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/resetpass',
    lazy: resetPasswordPage,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/lock-account',
    lazy: lockAccountPage,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/confirm-email',
    lazy: confirmEmailPage,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/cancel-address',
    lazy: cancelAddressPage,
    HydrateFallback: PageSpinner,
    errorElement: <RouteErrorPage />,
  },
  // The specification's menu links Notifications at the top level.
  { path: '/notifications', element: <Navigate to="/user/notifications" replace /> },
  userRoutes,
  adminRoutes,
  { path: '*', Component: NotFoundPage },
];
