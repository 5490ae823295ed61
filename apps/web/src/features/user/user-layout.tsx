import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../client/session.ts';
import { AccountMenu, type AccountMenuLink } from '../../shell/account-menu.tsx';
import { buttonClass } from '../../ui/button.tsx';
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  CloseIcon,
  DashboardIcon,
  DepositIcon,
  HistoryIcon,
  MenuIcon,
  PackageIcon,
  ShieldIcon,
  WithdrawIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { AvatarPicker } from './account/avatar-picker.tsx';
import { useUnreadNotificationCount } from './notifications/notifications-api.ts';

type Surface = 'side' | 'drawer';

/**
 * The specification's menu links Deposit to `depo` in the side menu and to `deposit` in the drawer;
 * both flows exist, so both paths are kept and either one highlights the entry.
 */
const MENU = [
  { label: 'Dashboard', icon: DashboardIcon, paths: { side: 'overview', drawer: 'overview' } },
  { label: 'Deposit', icon: DepositIcon, paths: { side: 'depo', drawer: 'deposit' } },
  { label: 'Withdrawal', icon: WithdrawIcon, paths: { side: 'withdraw', drawer: 'withdraw' } },
  { label: 'My-plans', icon: ChartIcon, paths: { side: 'my-plans', drawer: 'my-plans' } },
  { label: 'Packages', icon: PackageIcon, paths: { side: 'packages', drawer: 'packages' } },
  { label: 'History', icon: HistoryIcon, paths: { side: 'history', drawer: 'history' } },
  { label: 'Support', icon: ChatIcon, paths: { side: 'support', drawer: 'support' } },
  {
    label: 'Verify my balance',
    icon: ShieldIcon,
    paths: { side: 'verify-balance', drawer: 'verify-balance' },
  },
] as const;

const ACCOUNT_LINKS: readonly AccountMenuLink[] = [
  { label: 'My Profile', to: '/user/profile' },
  { label: 'Settings', to: '/user/security' },
  { label: 'Notifications', to: '/user/notifications', isPhoneOnly: true },
];

/** My-plans' Invest Now goes to `invest` (specification), which shows the packages. */
const SAME_PAGE_AS: Record<string, string> = { invest: 'packages' };

function MenuLinks({ surface, onNavigate }: { surface: Surface; onNavigate?: () => void }) {
  const page =
    useLocation()
      .pathname.replace(/^\/user\//, '')
      .split('/')[0] ?? '';
  const current = SAME_PAGE_AS[page] ?? page;
  return (
    <ul className="space-y-1">
      {MENU.map(({ label, icon: Icon, paths }) => {
        const isActive = current === paths.side || current === paths.drawer;
        return (
          <li key={label}>
            <Link
              to={`/user/${paths[surface]}`}
              onClick={onNavigate}
              aria-current={isActive ? 'page' : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                isActive ? 'bg-brand-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
              }`}
            >
              <Icon />
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The bell with the unread count; the link's name carries the count for screen readers. */
function NotificationsLink() {
  const unread = useUnreadNotificationCount();
  return (
    <Link
      to="/user/notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

export function UserLayout() {
  const session = useSession();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  if (!session) return <Navigate to="/signin" replace />;

  return (
    <div className="min-h-screen bg-slate-50 lg:pl-64">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col bg-slate-900 px-4 py-6 lg:flex">
        <div className="mb-8 px-2">
          <Logo tone="light" />
        </div>
        <nav aria-label="Account">
          <MenuLinks surface="side" />
        </nav>
      </aside>

      <Dialog.Root open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 bg-slate-900 px-4 py-6 shadow-xl lg:hidden">
            <div className="mb-8 flex items-center justify-between px-2">
              <Logo tone="light" />
              <Dialog.Close
                className="rounded-lg p-1 text-slate-300 hover:text-white"
                aria-label="Close menu"
              >
                <CloseIcon />
              </Dialog.Close>
            </div>
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Pages of your account</Dialog.Description>
            <nav aria-label="Account">
              <MenuLinks surface="drawer" onNavigate={() => setIsDrawerOpen(false)} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Open menu"
          onClick={() => setIsDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        {/* On phones the two actions take a row of their own, text only so each label fits on one line. */}
        <div className="order-last grid w-full grid-cols-2 gap-2 sm:order-none sm:flex sm:w-auto">
          <Link to="/user/deposit" className={buttonClass('primary', 'whitespace-nowrap')}>
            <DepositIcon width={18} height={18} className="hidden sm:block" />
            Fund Account
          </Link>
          <Link to="/user/withdraw" className={buttonClass('secondary', 'whitespace-nowrap')}>
            <WithdrawIcon width={18} height={18} className="hidden sm:block" />
            Withdraw Funds
          </Link>
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <NotificationsLink />
          <AccountMenu
            fullName={session.tradeUser.fullName}
            email={session.tradeUser.email}
            links={ACCOUNT_LINKS}
            avatar={<AvatarPicker user={session.tradeUser} />}
          />
        </div>
      </header>
      <main className="px-4 py-6 sm:px-6 lg:px-8">
        {/* An administrator comes here for their own security settings (the console links to them). */}
        {session.tradeUser.isAdmin && (
          <p className="mx-auto mb-4 flex max-w-6xl flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700">
            You are in your own account area.
            <Link to="/admin/testing" className="font-semibold text-brand-700 underline underline-offset-2">
              Back to the admin console
            </Link>
          </p>
        )}
        <Outlet />
      </main>
    </div>
  );
}
