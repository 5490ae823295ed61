export { OverviewPage } from './overview-page.tsx';
export { UserLayout } from './user-layout.tsx';
