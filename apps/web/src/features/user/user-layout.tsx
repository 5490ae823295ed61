import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import { useSession } from '../../app/session.ts';
import { CloseIcon, DashboardIcon, MenuIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { AccountMenu } from '../auth/account-menu.tsx';

const MENU = [{ label: 'Dashboard', to: '/user/overview', icon: DashboardIcon }] as const;

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {MENU.map(({ label, to, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                isActive ? 'bg-brand-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
              }`
            }
          >
            <Icon />
            {label}
          </NavLink>
        </li>
      ))}
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
          <MenuLinks />
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
              <MenuLinks onNavigate={() => setIsDrawerOpen(false)} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Open menu"
          onClick={() => setIsDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <div className="flex flex-1 items-center justify-end">
          <AccountMenu fullName={session.tradeUser.fullName} email={session.tradeUser.email} />
        </div>
      </header>
      <main className="px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
