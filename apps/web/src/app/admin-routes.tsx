export { AdminLayout } from '../features/admin/admin-layout.tsx';
export { UsersPage } from '../features/admin/users-page.tsx';
