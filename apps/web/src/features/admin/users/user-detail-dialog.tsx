import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminUserRow, SecurityAuditAction, SecurityEvent } from '@vestora/shared';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog, Modal } from '../../../ui/dialog.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { SessionSummary } from '../../../ui/session-summary.tsx';
import { OUTCOMES } from './login-history-dialog.tsx';
import {
  useEndUserSessions,
  useUserAddresses,
  useUserSecurityEvents,
  useUserSessions,
} from './user-detail-api.ts';

const ACTIONS: Record<SecurityAuditAction, string> = {
  'user.suspend': 'Suspended',
  'user.unsuspend': 'Unsuspended',
  'user.role': 'Administrator role changed',
  'user.reset2fa': 'Two-factor sign-in reset',
  'user.endSessions': 'Every session ended',
};

/** A titled part of the dialog, its query drawn by `QueryView` (loading, error and empty states). */
function Part<T>({
  title,
  action,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  action?: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        {action}
      </div>
      <QueryView
        query={query}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        empty={{ when: isEmpty, content: empty }}
      >
        {children}
      </QueryView>
    </section>
  );
}

function describeEvent(event: SecurityEvent): { text: string; detail: string; isWarning: boolean } {
  if (event.source === 'admin') {
    return { text: ACTIONS[event.action], detail: `by ${event.actorName}`, isWarning: true };
  }
  return {
    text: OUTCOMES[event.outcome],
    detail: `${event.device} · IP ${event.ip}`,
    isWarning: event.outcome !== 'success',
  };
}

/**
 * What the console knows of one person's account safety: their signed-in devices (which it can end),
 * their withdrawal address book, and the sign-ins and administrators' acts on the account.
 */
export function UserDetailDialog({
  user,
  isSelf,
  open,
  onOpenChange,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const sessions = useUserSessions(user._id, open);
  const addresses = useUserAddresses(user._id, open);
  const events = useUserSecurityEvents(user._id, open);
  const endSessions = useEndUserSessions();
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Account of ${user.fullName}`}>
      <div className="space-y-6 text-sm">
        <Part
          title="Sessions"
          query={sessions}
          isEmpty={({ data }) => data.length === 0}
          empty="Not signed in anywhere."
          action={
            isSelf ? null : (
              <Button
                variant="danger"
                size="sm"
                disabled={!sessions.data?.data.length}
                onClick={() => setIsConfirming(true)}
              >
                End all sessions
              </Button>
            )
          }
        >
          {({ data }) => (
            <ul className="divide-y divide-slate-100" aria-label={`Sessions of ${user.fullName}`}>
              {data.map((session) => (
                <li key={session._id} className="py-2">
                  <SessionSummary session={session} />
                </li>
              ))}
            </ul>
          )}
        </Part>
        <Part
          title="Withdrawal addresses"
          query={addresses}
          isEmpty={({ data }) => data.length === 0}
          empty="No saved addresses."
        >
          {({ data, withdrawalsLockedUntil }) => (
            <>
              {withdrawalsLockedUntil ? (
                <p className="text-xs font-medium text-amber-800">
                  Withdrawals locked until {formatDateTime(withdrawalsLockedUntil)}
                </p>
              ) : null}
              <ul
                className="divide-y divide-slate-100"
                aria-label={`Withdrawal addresses of ${user.fullName}`}
              >
                {data.map((saved) => (
                  <li key={saved._id} className="space-y-0.5 py-2">
                    <p className="font-semibold text-slate-900">
                      {saved.label} · {saved.coin.toUpperCase()}
                    </p>
                    <p className="break-all font-mono text-xs text-slate-600">{saved.address}</p>
                    <p className="text-xs text-slate-600">
                      {saved.isUsable
                        ? 'Ready for withdrawals'
                        : `Usable from ${formatDateTime(saved.usableAt)}`}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Part>
        <Part
          title="Security events"
          query={events}
          isEmpty={({ data }) => data.length === 0}
          empty="Nothing recorded yet."
        >
          {({ data }) => (
            <ul className="divide-y divide-slate-100" aria-label={`Security events of ${user.fullName}`}>
              {data.map((event) => {
                const { text, detail, isWarning } = describeEvent(event);
                return (
                  <li key={event._id} className="py-2">
                    <p className={isWarning ? 'font-medium text-red-700' : 'text-slate-900'}>{text}</p>
                    <p className="text-xs text-slate-500">
                      {formatDateTime(event.createdAt)} · {detail}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
        </Part>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(isOpen) => {
          if (!isOpen && !endSessions.isPending) setIsConfirming(false);
        }}
        title={`End every session of ${user.fullName}`}
        question="They are signed out on every device at once and must sign in again with their password. It is recorded in the audit log, and they are e-mailed."
        confirmLabel="End all sessions"
        busyLabel="Ending..."
        isBusy={endSessions.isPending}
        variant="danger"
        onConfirm={() => endSessions.mutate(user._id, { onSettled: () => setIsConfirming(false) })}
      />
    </Modal>
  );
}
