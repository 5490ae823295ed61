import type { Notification } from '@vestora/shared';
import { Link } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { formatDateTime } from '../format.ts';
import { NOTIFICATIONS_PAGE_SIZE, useMarkNotificationsRead, useNotifications } from './notifications-api.ts';

function NotificationItem({
  notification,
  onMarkRead,
  isBusy,
}: {
  notification: Notification;
  onMarkRead: () => void;
  isBusy: boolean;
}) {
  const { title, body, link, isRead, createdAt } = notification;
  return (
    <li className={`flex gap-3 px-4 py-4 sm:px-5 ${isRead ? '' : 'bg-brand-50/60'}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${isRead ? 'bg-transparent' : 'bg-brand-600'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <p className={`text-sm ${isRead ? 'font-medium text-slate-800' : 'font-semibold text-slate-900'}`}>
            {link ? (
              <Link to={link} className="hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
            {!isRead && <span className="sr-only"> (unread)</span>}
          </p>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-700">{body}</p>
          <p className="mt-1 text-xs text-slate-500">{formatDateTime(createdAt)}</p>
        </div>
        {!isRead && (
          <Button variant="secondary" size="sm" className="shrink-0" onClick={onMarkRead} disabled={isBusy}>
            Mark as read<span className="sr-only">: {title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

export function NotificationsPage() {
  const { page, setPage } = useListParams({});
  const { data, isPending, isError, error } = useNotifications(page);
  const markRead = useMarkNotificationsRead();

  const mark = (ids?: string[]) => markRead.mutate(ids);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Notifications"
        description={<span aria-live="polite">{data ? `${data.unread} unread` : ' '}</span>}
      >
        <Button
          variant="secondary"
          onClick={() => mark()}
          disabled={!data || data.unread === 0 || markRead.isPending}
        >
          Mark all as read
        </Button>
      </PageHeader>
      {isPending ? (
        <PageSpinner label="Loading notifications" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : data.data.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center text-sm text-slate-600">
          Nothing yet. Decisions on your deposits, withdrawals and support requests appear here.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {data.data.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              isBusy={markRead.isPending}
              onMarkRead={() => mark([notification._id])}
            />
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          noun="notifications"
        />
      )}
    </div>
  );
}
