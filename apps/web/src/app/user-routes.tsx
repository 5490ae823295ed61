export { OverviewPage } from '../features/user/overview-page.tsx';
export { UserLayout } from '../features/user/user-layout.tsx';
