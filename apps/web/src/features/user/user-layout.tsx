import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../app/session.ts';
import { buttonClass } from '../../ui/button.tsx';
import {
  CloseIcon,
  DashboardIcon,
  DepositIcon,
  HistoryIcon,
  MenuIcon,
  WithdrawIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { AccountMenu } from '../auth/account-menu.tsx';

type Surface = 'side' | 'drawer';

/**
 * The specification's menu links Deposit to `depo` in the side menu and to `deposit` in the drawer;
 * both flows exist, so both paths are kept and either one highlights the entry.
 */
const MENU = [
  { label: 'Dashboard', icon: DashboardIcon, paths: { side: 'overview', drawer: 'overview' } },
  { label: 'Deposit', icon: DepositIcon, paths: { side: 'depo', drawer: 'deposit' } },
  { label: 'Withdrawal', icon: WithdrawIcon, paths: { side: 'withdraw', drawer: 'withdraw' } },
  { label: 'History', icon: HistoryIcon, paths: { side: 'history', drawer: 'history' } },
] as const;

function MenuLinks({ surface, onNavigate }: { surface: Surface; onNavigate?: () => void }) {
  const current = useLocation()
    .pathname.replace(/^\/user\//, '')
    .split('/')[0];
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
        <div className="ml-auto">
          <AccountMenu fullName={session.tradeUser.fullName} email={session.tradeUser.email} />
        </div>
      </header>
      <main className="px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
