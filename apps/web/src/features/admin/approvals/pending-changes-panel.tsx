import {
  ADMIN_CHANGE_LABELS,
  ADMIN_CHANGE_QUORUM,
  type AdminChange,
  QUORUM_KIND_LABELS,
  type QuorumKind,
} from '@vestora/shared';
import { Fragment, useId } from 'react';
import { useSession } from '../../../client/session.ts';
import { Button } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDecideChange } from './admin-changes-api.ts';
import { usePendingChanges } from './pending-changes-query.ts';

/** The names the server's `details` keys are shown under; an unknown key is spelled out from its name. */
const DETAIL_LABELS: Record<string, string> = {
  account: 'Account',
  amount: 'Amount',
  reason: 'Reason',
  staffMember: 'Staff member',
  currentRoles: 'Current roles',
  newRoles: 'New roles',
  change: 'Change',
  action: 'Action',
  quorum: 'Quorum',
};

/** Values that hold an e-mail or an address: one long word, broken anywhere rather than overflowing. */
const UNBROKEN_DETAILS = new Set(['account', 'staffMember']);

function detailLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function detailValue(change: AdminChange, key: string, value: string): string {
  // A policy change names the guarded kind by its key (`credit`); the reader knows it by its label.
  if (change.kind === 'policy.quorum' && key === 'action' && value in QUORUM_KIND_LABELS) {
    return QUORUM_KIND_LABELS[value as QuorumKind];
  }
  return value;
}

/** What a change of the later kinds (credits, staff, policy) would do, as label and value pairs. */
function ChangeDetails({ change }: { change: AdminChange }) {
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">{ADMIN_CHANGE_LABELS[change.kind]}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        {Object.entries(change.details).map(([key, value]) => (
          <Fragment key={key}>
            <dt className="font-medium text-slate-600">{detailLabel(key)}</dt>
            <dd
              className={`text-slate-900 ${UNBROKEN_DETAILS.has(key) ? 'break-all' : '[overflow-wrap:anywhere]'}`}
            >
              {detailValue(change, key, value)}
            </dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}

/** Where depositors pay: the renderings the gateway and wallet pages have always shown. */
function DestinationDetails({ change }: { change: AdminChange }) {
  if (change.kind === 'wallet.key') {
    return (
      <>
        <p className="text-sm font-semibold text-slate-900">
          New {change.subject.toUpperCase()} watch-only key · {change.details.confirmations} confirmations
        </p>
        <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.key}</p>
        <p className="mt-1 text-xs text-slate-600">
          First addresses: <span className="font-mono break-all">{change.details.addresses}</span>
        </p>
      </>
    );
  }
  if (change.kind === 'wallet.removal') {
    return (
      <>
        <p className="text-sm font-semibold text-slate-900">
          Remove the {change.subject.toUpperCase()} watch-only key
        </p>
        <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.key}</p>
        <p className="mt-1 text-xs text-slate-600">
          Depositors of this coin then pay to its gateway address and upload a proof of payment.
        </p>
      </>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">
        New {change.subject.toUpperCase()} address · {change.details.network}
      </p>
      <p className="mt-1 font-mono text-xs break-all text-slate-700">{change.details.address}</p>
    </>
  );
}

/** How far the change is from its quorum, and who has approved it so far. */
function ApprovalProgress({ change }: { change: AdminChange }) {
  return (
    <div className="mt-2 text-xs text-slate-700">
      <p className="font-medium">
        Approvals: {change.approvals.length} of {change.requiredApprovals}
      </p>
      {change.approvals.length > 0 && (
        <ul className="mt-0.5 space-y-0.5">
          {change.approvals.map((approval) => (
            <li key={approval._id} className="[overflow-wrap:anywhere]">
              Approved by {approval.fullName}, {formatDateTime(approval.at)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PendingChange({ change, isOwn }: { change: AdminChange; isOwn: boolean }) {
  const decide = useDecideChange();
  const act = (verdict: 'approve' | 'reject') => decide.mutate({ id: change._id, verdict });
  const isDestination = ADMIN_CHANGE_QUORUM[change.kind] === 'destination';
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
        {isDestination ? <DestinationDetails change={change} /> : <ChangeDetails change={change} />}
        <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
          Proposed by {change.requestedBy.fullName} ({change.requestedBy.email}),{' '}
          {formatDateTime(change.requestedAt)}
        </p>
        <ApprovalProgress change={change} />
        {isOwn ? (
          <p className="mt-3 text-sm text-amber-900">Waiting for another administrator to approve it.</p>
        ) : change.refusal ? (
          // Why this person cannot approve (too new, not among the eligible, approved already):
          // said instead of a button the server would refuse.
          <p className="mt-3 text-sm text-amber-900">{change.refusal}</p>
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

/** Waiting changes as cards, the signed-in person's own saying that someone else must approve them. */
export function PendingChangeList({ changes }: { changes: readonly AdminChange[] }) {
  const session = useSession();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {changes.map((change) => (
        <PendingChange
          key={change._id}
          change={change}
          isOwn={change.requestedBy._id === session?.tradeUser._id}
        />
      ))}
    </ul>
  );
}

/**
 * The changes of one guarded kind that wait for approval, on the page where that kind is made
 * (addresses and wallet keys on the gateway and wallet pages); the Approvals page lists them all.
 */
export function PendingChangesPanel({ quorum }: { quorum: QuorumKind }) {
  const headingId = useId();
  const pendingChanges = usePendingChanges();
  const ofThisKind = (changes: readonly AdminChange[]) =>
    changes.filter((change) => ADMIN_CHANGE_QUORUM[change.kind] === quorum);
  // Out of sight while it loads and while nothing waits: the panel is there only for work to do.
  return (
    <QueryView
      query={pendingChanges}
      loadingLabel={null}
      empty={{ when: ({ data }) => ofThisKind(data).length === 0 }}
    >
      {({ data }) => (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
            Waiting for approval
          </h2>
          <PendingChangeList changes={ofThisKind(data)} />
        </section>
      )}
    </QueryView>
  );
}
