import { useQuery } from '@tanstack/react-query';
import type { AdminUserRow, LoginOutcome } from '@vestora/shared';
import { adminLoginHistoryRoute } from '@vestora/shared/routes';
import { callApi } from '../../../client/api.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { loginHistoryQueryKey } from './users-api.ts';

export const OUTCOMES: Record<LoginOutcome, string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  suspended: 'Refused: suspended',
  code_required: 'Password accepted, code asked',
  wrong_code: 'Wrong code',
  wrong_passkey: 'Passkey refused',
  second_factor_reset: 'Two-factor reset by an administrator',
  account_locked: 'Account locked from e-mail link',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The user's latest sign-in attempts, with where they came from. */
export function LoginHistoryDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUserRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const logins = useQuery({
    queryKey: loginHistoryQueryKey(user._id),
    queryFn: ({ signal }) =>
      callApi(adminLoginHistoryRoute, { params: { id: user._id }, query: { pageSize: 30 }, signal }),
    enabled: open,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Sign-ins of ${user.fullName}`}>
      <QueryView
        query={logins}
        loadingLabel="Loading sign-ins"
        empty={{ when: ({ data }) => data.length === 0, content: 'No sign-in recorded yet.' }}
      >
        {({ data }) => (
          <ul className="divide-y divide-slate-100 text-sm">
            {data.map((event) => (
              <li key={event._id} className="py-2">
                <p className={event.outcome === 'success' ? 'text-slate-900' : 'font-medium text-red-700'}>
                  {OUTCOMES[event.outcome]}
                </p>
                <p className="text-xs text-slate-500">
                  {when.format(new Date(event.createdAt))} · {event.ip}
                  {event.userAgent ? ` · ${event.userAgent.slice(0, 60)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Modal>
  );
}
