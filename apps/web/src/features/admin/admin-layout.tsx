import { Navigate, NavLink, Outlet } from 'react-router';
import { useSession } from '../../client/session.ts';
import { AccountMenu } from '../../shell/account-menu.tsx';
import {
  ChartIcon,
  ChatIcon,
  ClipboardIcon,
  ReceiptIcon,
  SettingsIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { ConsoleAlerts } from './console-alerts.tsx';

/** The console's sections, in the order of the specification's navigation, then what we add. */
const NAVIGATION = [
  { label: 'Users', to: '/admin/testing', icon: UsersIcon },
  { label: 'Transactions', to: '/admin/adminTrans', icon: ReceiptIcon },
  { label: 'Gateway', to: '/admin/gateway', icon: WalletIcon },
  { label: 'Withdrawals', to: '/admin/withdrawals', icon: WalletIcon },
  { label: 'Wallets', to: '/admin/wallets', icon: WalletIcon },
  { label: 'Plans', to: '/admin/plans', icon: ChartIcon },
  { label: 'Support', to: '/admin/support', icon: ChatIcon },
  { label: 'Settings', to: '/admin/settings', icon: SettingsIcon },
  { label: 'Audit', to: '/admin/audit', icon: ClipboardIcon },
] as const;

export function AdminLayout() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  // Comfort only: the server refuses every admin call from a non-admin token anyway.
  if (!session.tradeUser.isAdmin) return <Navigate to="/user/overview" replace />;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <div className="flex items-center gap-3">
            <Logo />
            <span className="hidden rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white sm:inline">
              Admin
            </span>
          </div>
          <AccountMenu
            fullName={session.tradeUser.fullName}
            email={session.tradeUser.email}
            signOutLabel="SignOut"
          />
        </div>
        <nav aria-label="Admin" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 pb-2">
          {NAVIGATION.map(({ label, to, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                `flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              <Icon width={16} height={16} />
              {label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <ConsoleAlerts />
        <Outlet />
      </main>
    </div>
  );
}
