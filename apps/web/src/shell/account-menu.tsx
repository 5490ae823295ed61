import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon } from '../ui/icons.tsx';
import { logOut } from './log-out.ts';

export function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export interface AccountMenuLink {
  label: string;
  to: string;
  /** Shown only below the small breakpoint, where the top bar has no room for the page's own icon. */
  isPhoneOnly?: boolean;
}

const PHONE_QUERY = '(max-width: 639px)';

/** Phone-only entries are left out rather than hidden, so keyboard navigation never lands on them. */
function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
  );
}

const ITEM_CLASS =
  'block cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/**
 * The signed-in person's name with a menu; signing out revokes the token on the server first. The
 * specification labels it 'Log Out' in the user area and 'SignOut' in the admin header. `avatar`
 * replaces the initials with a control of its own (it sits beside the menu, not inside it).
 */
export function AccountMenu({
  fullName,
  email,
  signOutLabel = 'Log Out',
  links = [],
  avatar,
}: {
  fullName: string;
  email: string;
  signOutLabel?: string;
  links?: readonly AccountMenuLink[];
  avatar?: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();

  const onLogOut = async () => {
    await logOut();
    queryClient.clear();
    await navigate('/signin', { replace: true });
  };

  return (
    <div className="flex items-center gap-1">
      {avatar}
      <DropdownMenu.Root>
        {/* Named by its content ("Account menu, <name>"), so what is seen is what voice control hears. */}
        <DropdownMenu.Trigger className="flex min-w-0 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100">
          {!avatar && (
            <span
              aria-hidden="true"
              className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
            >
              {initials(fullName)}
            </span>
          )}
          <span className="sr-only">Account menu, </span>
          <span className="max-w-28 truncate sm:max-w-40">{fullName}</span>
          <ChevronDownIcon width={16} height={16} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            <div className="px-3 py-2">
              <p className="text-sm font-semibold text-slate-900">{fullName}</p>
              <p className="truncate text-xs text-slate-500">{email}</p>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            {links
              .filter((link) => isPhone || !link.isPhoneOnly)
              .map((link) => (
                <DropdownMenu.Item key={link.to} asChild className={ITEM_CLASS}>
                  <Link to={link.to}>{link.label}</Link>
                </DropdownMenu.Item>
              ))}
            {links.length > 0 && <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />}
            <DropdownMenu.Item onSelect={() => void onLogOut()} className={ITEM_CLASS}>
              {signOutLabel}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
