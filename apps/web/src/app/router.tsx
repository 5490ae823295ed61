import { createBrowserRouter } from 'react-router';
import { adminRoutes } from '../features/admin/admin-routes.tsx';
import { ForgotPasswordPage } from '../features/public/forgot-password-page.tsx';
import { LandingPage } from '../features/public/landing-page.tsx';
import { NotFoundPage } from '../features/public/not-found-page.tsx';
import { PolicyPage } from '../features/public/policy-page.tsx';
import { PublicLayout } from '../features/public/public-layout.tsx';
import { ReviewPage } from '../features/public/review-page.tsx';
import { userRoutes } from '../features/user/user-routes.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

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
  userRoutes,
  adminRoutes,
  { path: '*', Component: NotFoundPage },
]);
