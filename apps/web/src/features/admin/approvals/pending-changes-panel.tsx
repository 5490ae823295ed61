import type { AdminChange } from '@vestora/shared';
import { useId } from 'react';
import { useSession } from '../../../client/session.ts';
import { Button } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDecideChange, usePendingChanges } from './admin-changes-api.ts';

function PendingChange({ change, isOwn }: { change: AdminChange; isOwn: boolean }) {
  const decide = useDecideChange();
  const act = (verdict: 'approve' | 'reject') => decide.mutate({ id: change._id, verdict });
  return (
    <li
      className="flex gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-4"
      aria-busy={decide.isPending}
    >
      {change.details.image && (
        <img
          src={change.details.image}
          alt={`QR code of the proposed ${change.subject.toUpperCase()} address`}
          width={80}
          height={80}
          className="h-20 w-20 shrink-0 rounded-lg border border-amber-200 bg-white"
        />
      )}
      <div className="min-w-0 flex-1">
        {change.kind === 'wallet.key' ? (
          <>
            <p className="text-sm font-semibold text-slate-900">
              New {change.subject.toUpperCase()} watch-only key · {change.details.confirmations} confirmations
            </p>
            <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.key}</p>
            <p className="mt-1 text-xs text-slate-600">
              First addresses: <span className="font-mono break-all">{change.details.addresses}</span>
            </p>
          </>
        ) : change.kind === 'wallet.removal' ? (
          <>
            <p className="text-sm font-semibold text-slate-900">
              Remove the {change.subject.toUpperCase()} watch-only key
            </p>
            <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.key}</p>
            <p className="mt-1 text-xs text-slate-600">
              Depositors of this coin then pay to its gateway address and upload a proof of payment.
            </p>
          </>
        ) : (
          <>
            <p className="text-sm font-semibold text-slate-900">
              New {change.subject.toUpperCase()} address · {change.details.network}
            </p>
            <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.address}</p>
          </>
        )}
        <p className="mt-1 text-xs text-slate-600">
          Proposed by {change.requestedBy.fullName} ({change.requestedBy.email}),{' '}
          {formatDateTime(change.requestedAt)}
        </p>
        {isOwn ? (
          <p className="mt-3 text-sm text-amber-900">Waiting for another administrator to approve it.</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => act('approve')}>
              Approve
            </Button>
            <Button variant="secondary" size="sm" disabled={decide.isPending} onClick={() => act('reject')}>
              Reject
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** Address and wallet key changes that an administrator proposed and this one may approve (never their own). */
export function PendingChangesPanel() {
  const headingId = useId();
  const session = useSession();
  const pendingChanges = usePendingChanges();
  // Out of sight while it loads and while nothing waits: the panel is there only for work to do.
  return (
    <QueryView query={pendingChanges} loadingLabel={null} empty={{ when: ({ data }) => data.length === 0 }}>
      {({ data }) => (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
            Waiting for approval
          </h2>
          <ul className="grid gap-4 md:grid-cols-2">
            {data.map((change) => (
              <PendingChange
                key={change._id}
                change={change}
                isOwn={change.requestedBy._id === session?.tradeUser._id}
              />
            ))}
          </ul>
        </section>
      )}
    </QueryView>
  );
}
