export { DepoPage } from './depo-page.tsx';
export { DepositPage } from './deposit-page.tsx';
export { HistoryPage } from './history-page.tsx';
export { OverviewPage } from './overview-page.tsx';
export { UserLayout } from './user-layout.tsx';
export { WithdrawPage } from './withdraw-page.tsx';
