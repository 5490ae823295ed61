import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { AdminUserRow } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { KebabIcon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { USERS_PAGE_SIZE, useUsers, useVerifyUser } from './users-api.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

function UserActions({ user }: { user: AdminUserRow }) {
  const verifyUser = useVerifyUser();
  const onVerify = () => {
    const loading = toast.loading('Please wait....');
    verifyUser.mutate(user._id, {
      onSuccess: ({ message }) => toast.success(message, { id: loading }),
      onError: (error) => toast.error(errorMessage(error), { id: loading }),
    });
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${user.fullName}`}
        className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <KebabIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            disabled={user.isVerified}
            onSelect={onVerify}
            className="cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100"
          >
            Verify User
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function UsersPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useUsers(page);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Users</h1>
          {data && <p className="text-sm text-slate-600">{data.total} registered</p>}
        </div>
      </div>
      {isPending ? (
        <PageSpinner label="Loading users" />
      ) : isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {['Name', 'UserName', 'Account balance', 'Verify', 'Date Registered', 'Action'].map(
                  (column) => (
                    <th key={column} scope="col" className="px-4 py-3 whitespace-nowrap">
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.data.map((user) => (
                <tr key={user._id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{user.fullName}</p>
                    <p className="text-xs text-slate-500">{user.email}</p>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{user.userName}</td>
                  <td className="px-4 py-3 font-medium text-slate-900 tabular-nums">
                    {money.format(user.acctBalance)}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                        user.isVerified ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
                      }`}
                    >
                      {user.isVerified ? 'Verified' : 'Not Verified'}
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                    {date.format(new Date(user.createdAt))}
                  </td>
                  <td className="px-4 py-3">
                    <UserActions user={user} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
            Previous
          </Button>
          <span className="text-slate-600">
            Page {page} of {pageCount}
          </span>
          <Button
            variant="secondary"
            disabled={page >= pageCount}
            onClick={() => setPage((current) => current + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
