export { AdminLayout } from './admin-layout.tsx';
export { AuditPage } from './audit-page.tsx';
export { GatewaysPage } from './gateways-page.tsx';
export { PlansPage } from './plans-page.tsx';
export { SupportPage } from './support-page.tsx';
export { TransactionsPage } from './transactions-page.tsx';
export { UsersPage } from './users-page.tsx';
export { WithdrawalsPage } from './withdrawals-page.tsx';
