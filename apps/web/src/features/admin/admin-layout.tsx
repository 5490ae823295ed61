import type { RoutePermission } from '@vestora/shared';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { useSession } from '../../client/session.ts';
import { AccountMenu } from '../../shell/account-menu.tsx';
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  ChevronDownIcon,
  ClipboardIcon,
  InboxIcon,
  MenuIcon,
  ReceiptIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { WaitingChangesBadge } from './approvals/waiting-changes-badge.tsx';
import { ConsoleAlerts } from './console-alerts.tsx';
import { ReauthPromptHost } from './staff/reauth-prompt-host.tsx';
import { useStaffPermissions } from './staff/staff-permissions.ts';
import { TwoFactorGate } from './two-factor-gate.tsx';

interface NavigationEntry {
  label: string;
  to: string;
  icon: typeof UsersIcon;
  /** What the page needs: the entry shows only to staff whose roles allow it. */
  permission: RoutePermission;
  /** A count beside the label, such as the changes waiting for approval. */
  Badge?: () => ReactNode;
}

/** The console's sections, in the order of the specification's navigation, then what we add. */
const NAVIGATION: readonly NavigationEntry[] = [
  { label: 'Users', to: '/admin/testing', icon: UsersIcon, permission: 'users.read' },
  { label: 'Transactions', to: '/admin/adminTrans', icon: ReceiptIcon, permission: 'money.read' },
  { label: 'Gateway', to: '/admin/gateway', icon: WalletIcon, permission: 'config.read' },
  { label: 'Withdrawals', to: '/admin/withdrawals', icon: WalletIcon, permission: 'money.read' },
  { label: 'Wallets', to: '/admin/wallets', icon: WalletIcon, permission: 'config.read' },
  { label: 'Plans', to: '/admin/plans', icon: ChartIcon, permission: 'config.read' },
  { label: 'Support', to: '/admin/support', icon: ChatIcon, permission: 'support.read' },
  { label: 'Settings', to: '/admin/settings', icon: SettingsIcon, permission: 'config.read' },
  { label: 'Audit', to: '/admin/audit', icon: ClipboardIcon, permission: 'audit.read' },
  {
    label: 'Approvals',
    to: '/admin/approvals',
    icon: InboxIcon,
    permission: 'any',
    Badge: WaitingChangesBadge,
  },
  { label: 'Staff', to: '/admin/staff', icon: ShieldIcon, permission: 'staff.read' },
  { label: 'Solvency', to: '/admin/solvency', icon: ChartIcon, permission: 'config.manage' },
  { label: 'Bitcoin payouts', to: '/admin/payouts', icon: WalletIcon, permission: 'money.read' },
  { label: 'Verifications', to: '/admin/verifications', icon: ShieldIcon, permission: 'identity.review' },
  { label: 'API keys', to: '/admin/api-keys', icon: ShieldIcon, permission: 'any' },
  { label: 'Webhooks', to: '/admin/webhooks', icon: BellIcon, permission: 'config.read' },
];

/**
 * The sections as one strip on wide screens; below the large breakpoint, where the entries do not
 * fit, a Menu button that shows them all as a grid (a disclosure: the button says whether the list
 * is open and which list it controls). Escape or following an entry closes it and puts focus back
 * on the button, so a keyboard user never stays on an entry that has just been hidden.
 */
function AdminNavigation() {
  const { can } = useStaffPermissions();
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!isOpen) return;
    setIsOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <nav aria-label="Admin" className="mx-auto max-w-7xl px-4 pb-2" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 lg:hidden"
      >
        <span className="flex items-center gap-2">
          <MenuIcon width={18} height={18} aria-hidden="true" />
          Menu
        </span>
        <ChevronDownIcon
          aria-hidden="true"
          className={`transition-transform ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={listId}
        className={`${isOpen ? 'grid' : 'hidden'} mt-2 grid-cols-2 gap-1 lg:mt-0 lg:flex lg:flex-wrap lg:gap-0.5`}
      >
        {NAVIGATION.filter((entry) => can(entry.permission)).map(({ label, to, icon: Icon, Badge }) => (
          <li key={to} className="min-w-0 lg:shrink-0">
            <NavLink
              to={to}
              onClick={close}
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-lg px-3 py-2 text-sm lg:px-2.5 font-medium ${
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`
              }
            >
              <Icon width={16} height={16} className="shrink-0" />
              <span>
                {label}
                {Badge && <Badge />}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
        <AdminNavigation />
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <TwoFactorGate>
          <ConsoleAlerts />
          <Outlet />
        </TwoFactorGate>
      </main>
      <ReauthPromptHost />
    </div>
  );
}
