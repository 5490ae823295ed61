export { AdminLayout } from './admin-layout.tsx';
export { UsersPage } from './users-page.tsx';
