export { AdminLayout } from './admin-layout.tsx';
export { TransactionsPage } from './transactions-page.tsx';
export { UsersPage } from './users-page.tsx';
export { WithdrawalsPage } from './withdrawals-page.tsx';
