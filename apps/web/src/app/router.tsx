import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordPage } from '../features/public/forgot-password-page.tsx';
import { LandingPage } from '../features/public/landing-page.tsx';
import { NotFoundPage } from '../features/public/not-found-page.tsx';
import { PolicyPage } from '../features/public/policy-page.tsx';
import { PublicLayout } from '../features/public/public-layout.tsx';
import { ReviewPage } from '../features/public/review-page.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

// The signed-in areas load on demand, so a visitor of the landing page downloads none of them.
const userArea = () => import('./user-routes.tsx');
const adminArea = () => import('./admin-routes.tsx');
const signInPage = async () => ({ Component: (await import('../features/auth/signin-page.tsx')).SignInPage });
const signUpPage = async () => ({ Component: (await import('../features/auth/signup-page.tsx')).SignUpPage });

export const router = createBrowserRouter([
  {
    path: '/',
    Component: PublicLayout,
    children: [
      { index: true, Component: LandingPage },
      { path: 'policy', Component: PolicyPage },
      { path: 'review', Component: ReviewPage },
      { path: 'forgetpass', Component: ForgotPasswordPage },
    ],
  },
  { path: '/signin', lazy: signInPage, HydrateFallback: PageSpinner },
  { path: '/login', lazy: signInPage, HydrateFallback: PageSpinner },
  { path: '/signup', lazy: signUpPage, HydrateFallback: PageSpinner },
  { path: '/register', lazy: signUpPage, HydrateFallback: PageSpinner },
  {
    path: '/user',
    HydrateFallback: PageSpinner,
    lazy: async () => ({ Component: (await userArea()).UserLayout }),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', lazy: async () => ({ Component: (await userArea()).OverviewPage }) },
    ],
  },
  {
    path: '/admin',
    HydrateFallback: PageSpinner,
    lazy: async () => ({ Component: (await adminArea()).AdminLayout }),
    children: [
      { index: true, element: <Navigate to="testing" replace /> },
      { path: 'testing', lazy: async () => ({ Component: (await adminArea()).UsersPage }) },
      { path: 'allusers', lazy: async () => ({ Component: (await adminArea()).UsersPage }) },
    ],
  },
  { path: '*', Component: NotFoundPage },
]);
