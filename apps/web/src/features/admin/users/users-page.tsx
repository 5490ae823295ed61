import { MESSAGES, type SortOrder, USER_SEARCH_MAX_LENGTH, type UserSortField } from '@vestora/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { useSession } from '../../../client/session.ts';
import { Button } from '../../../ui/button.tsx';
import { count, formatDate, usd } from '../../../ui/format.ts';
import { RefreshIcon, SearchIcon, SortIcon } from '../../../ui/icons.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, HeaderCell, Row } from '../../../ui/table.tsx';
import { UserActions } from './user-actions.tsx';
import { USERS_PAGE_SIZE, type UsersQuery, useUsers } from './users-api.ts';

const SEARCH_DELAY_MS = 300;

const COLUMNS = ['Name', 'UserName', 'Account balance', 'Verify', 'Date Registered', 'Action'] as const;

/** The columns the server sorts by, with the field each one sends. */
const SORTED_BY: Partial<Record<string, UserSortField>> = {
  Name: 'fullName',
  UserName: 'userName',
  'Account balance': 'balance',
  'Date Registered': 'createdAt',
};

/** Newest and richest first, names A to Z: the server's defaults too. */
const FIRST_ORDER: Record<UserSortField, SortOrder> = {
  createdAt: 'desc',
  balance: 'desc',
  fullName: 'asc',
  userName: 'asc',
};

function SortableHeader({
  field,
  label,
  query,
  onSort,
}: {
  field: UserSortField;
  label: string;
  query: UsersQuery;
  onSort: (field: UserSortField) => void;
}) {
  const isActive = query.sort === field;
  const ariaSort = isActive ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <HeaderCell aria-sort={ariaSort}>
      <button
        type="button"
        onClick={() => onSort(field)}
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 ${
          isActive ? 'text-slate-900' : ''
        }`}
      >
        {label}
        <SortIcon width={14} height={14} direction={isActive ? query.order : undefined} />
      </button>
    </HeaderCell>
  );
}

/** The user table of `/admin/testing` and `/admin/allusers`: searched, sorted and paged by the server. */
export function UsersPage() {
  const session = useSession();
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState<UsersQuery>({ page: 1, q: '', sort: 'createdAt', order: 'desc' });
  const users = useUsers(query);
  const { data, isFetching, refetch } = users;

  // The search runs once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = searchText.trim();
      setQuery((current) => (current.q === q ? current : { ...current, q, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const onSort = (sort: UserSortField) =>
    setQuery((current) => ({
      ...current,
      sort,
      order: current.sort === sort ? (current.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[sort],
      page: 1,
    }));

  const onRefresh = async () => {
    const result = await refetch();
    if (result.isSuccess) toast.success(MESSAGES.usersFetched);
    else toast.error(errorMessage(result.error));
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Users</h1>
          <p className="text-sm text-slate-600">
            {data ? `${count(data.total)} ${query.q ? 'found' : 'registered'}` : ' '}
          </p>
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <div className="relative flex-1 sm:w-80">
            <SearchIcon
              width={16}
              height={16}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
            />
            <input
              type="search"
              aria-label="Search users"
              placeholder="Search name, e-mail or user name"
              maxLength={USER_SEARCH_MAX_LENGTH}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
            />
          </div>
          <Button
            variant="secondary"
            aria-label="Refresh users"
            onClick={() => void onRefresh()}
            disabled={isFetching}
          >
            <RefreshIcon
              width={16}
              height={16}
              className={isFetching ? 'animate-spin motion-reduce:animate-none' : ''}
            />
          </Button>
        </div>
      </div>

      <QueryTable
        query={users}
        label="Users"
        loadingLabel="Loading users"
        columns={COLUMNS}
        renderHeader={(column) => {
          const field = SORTED_BY[column];
          return field && <SortableHeader field={field} label={column} query={query} onSort={onSort} />;
        }}
        empty={query.q ? `No user matches “${query.q}”.` : 'No users yet.'}
        renderRow={(user) => (
          <Row key={user._id}>
            <Cell label="Name" isWide>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                {/* A long name without spaces wraps inside its card on a phone. */}
                <span className="[overflow-wrap:anywhere]">{user.fullName}</span>
                {user.isAdmin && (
                  <span className="rounded-full bg-slate-900 px-2 py-0.5 text-[11px] font-semibold text-white">
                    Admin
                  </span>
                )}
                {user.suspended && (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-[11px] font-semibold text-red-800">
                    Suspended
                  </span>
                )}
              </p>
              <p className="text-xs break-all text-slate-500">
                {user.email}
                {!user.isEmailConfirmed && (
                  <span className="ml-1 font-medium text-amber-800">(not confirmed)</span>
                )}
              </p>
            </Cell>
            <Cell label="UserName" className="break-all text-slate-700">
              {user.userName}
            </Cell>
            <Cell
              label="Account balance"
              className="font-medium whitespace-nowrap text-slate-900 tabular-nums"
            >
              {usd(user.acctBalance)}
            </Cell>
            <Cell label="Verify">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                  user.isVerified ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
                }`}
              >
                {user.isVerified ? 'Verified' : 'Not Verified'}
              </span>
            </Cell>
            <Cell label="Date Registered" className="whitespace-nowrap text-slate-600">
              {formatDate(user.createdAt)}
            </Cell>
            <Cell label="Action">
              <UserActions user={user} isSelf={user._id === session?.tradeUser._id} />
            </Cell>
          </Row>
        )}
        pagination={{
          page: query.page,
          pageSize: USERS_PAGE_SIZE,
          noun: 'users',
          onPageChange: (page) => setQuery((current) => ({ ...current, page })),
        }}
      />
    </section>
  );
}
