import type { SessionInfo } from '@vestora/shared';
import { useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { SessionSummary } from '../../../ui/session-summary.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useEndOtherSessions, useEndSession, useOwnSessions } from './sessions-api.ts';

/**
 * Security: every device signed in to the account. Any one can be signed out, or all but this one,
 * without the password: ending a session only ever protects the account.
 */
export function SessionsPanel() {
  const { data, isPending, isError, error } = useOwnSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionInfo | 'others' | null>(null);
  const others = data?.data.filter((session) => !session.isCurrent) ?? [];

  const onConfirm = () => {
    if (ending === null) return;
    const close = { onSettled: () => setEnding(null) };
    if (ending === 'others') endOthers.mutate(undefined, close);
    else endSession.mutate(ending._id, close);
  };

  return (
    <section
      aria-labelledby="sessions"
      aria-busy={isPending}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="sessions" className="font-semibold text-slate-900">
            Signed-in devices
          </h2>
          <p className="text-sm text-slate-600">
            Sign out any device you do not recognise, then change your password.
          </p>
        </div>
        <Button variant="secondary" disabled={others.length === 0} onClick={() => setEnding('others')}>
          Sign out everywhere else
        </Button>
      </div>
      <div className="mt-3">
        {isPending ? (
          <PageSpinner label="Loading signed-in devices" />
        ) : isError ? (
          <ErrorNote message={errorMessage(error)} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
            {data.data.map((session) => (
              <li key={session._id} className="flex items-start justify-between gap-3 py-3">
                <SessionSummary session={session} />
                {session.isCurrent ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="shrink-0"
                    aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastSeenAt)}`}
                    onClick={() => setEnding(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open && !endSession.isPending && !endOthers.isPending) setEnding(null);
        }}
        title={ending === 'others' ? 'Sign out everywhere else' : 'Sign out this device'}
        question={
          ending === 'others'
            ? 'Every other device signed in to your account is signed out at once. This one stays signed in.'
            : `${ending?.device ?? 'The device'} is signed out at once and must sign in again with the password.`
        }
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        isBusy={endSession.isPending || endOthers.isPending}
        variant="danger"
        onConfirm={onConfirm}
      />
    </section>
  );
}
