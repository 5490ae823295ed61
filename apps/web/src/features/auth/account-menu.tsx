import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { logOut } from './auth-api.ts';

function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * The signed-in person's name with a menu; signing out revokes the token on the server first. The
 * specification labels it 'Log Out' in the user area and 'SignOut' in the admin header.
 */
export function AccountMenu({
  fullName,
  email,
  signOutLabel = 'Log Out',
}: {
  fullName: string;
  email: string;
  signOutLabel?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onLogOut = async () => {
    await logOut();
    queryClient.clear();
    await navigate('/signin', { replace: true });
  };

  return (
    <DropdownMenu.Root>
      {/* Named by its content ("Account menu, <name>"), so what is seen is what voice control hears. */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
        >
          {initials(fullName)}
        </span>
        <span className="sr-only">Account menu, </span>
        <span className="max-w-40 truncate">{fullName}</span>
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
          <DropdownMenu.Item
            onSelect={() => void onLogOut()}
            className="cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            {signOutLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
