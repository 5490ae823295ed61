import { IDENTITY_DOCUMENT_TYPE_LABELS, type IdentityQueueItem, type IdentityStatus } from '@vestora/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button.tsx';
import { countryName } from '../../../ui/country-names.ts';
import { FilterSelect } from '../../../ui/filter-select.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { useIdentityQueue } from './identity-api.ts';
import { timeAgo } from './identity-format.ts';

/** The queue waiting for a decision is the page's own list; the decided ones are a filter away. */
const DECIDED = ['approved', 'rejected'] as const;

const VIEWS: Record<IdentityStatus, { option: string; empty: string }> = {
  pending: { option: 'Waiting for review', empty: 'No verification is waiting. All caught up.' },
  approved: { option: 'Approved', empty: 'No verification has been approved yet.' },
  rejected: { option: 'Rejected', empty: 'No verification has been rejected.' },
};

const COLUMNS = ['Person', 'Legal name', 'Country', 'Document', 'Submitted'];

/** When it came in: how long ago, and the moment itself. */
function Submitted({ at }: { at: string }) {
  return (
    <time dateTime={at} className="block whitespace-nowrap">
      <span className="block font-medium text-slate-900">{timeAgo(at)}</span>
      <span className="block text-xs text-slate-500">{formatDateTime(at)}</span>
    </time>
  );
}

function QueueRow({ item }: { item: IdentityQueueItem }) {
  const isPending = item.status === 'pending';
  return (
    <Row>
      <Cell label="Person" isWide>
        <span className="block font-medium text-slate-900">{item.fullName}</span>
        <span className="block text-xs break-all text-slate-500">
          @{item.userName} · {item.email}
        </span>
      </Cell>
      <Cell label="Legal name" className="break-words text-slate-900">
        {item.legalName}
      </Cell>
      <Cell label="Country" className="text-slate-700">
        {countryName(item.country)}
      </Cell>
      <Cell label="Document" className="text-slate-700">
        {IDENTITY_DOCUMENT_TYPE_LABELS[item.documentType]}
      </Cell>
      <Cell label="Submitted">
        <Submitted at={item.submittedAt} />
      </Cell>
      {!isPending && (
        <Cell label="Reviewer" className="text-slate-700">
          <span className="block">{item.reviewerName ?? '—'}</span>
          {item.reviewedAt && (
            <span className="block text-xs whitespace-nowrap text-slate-500">
              {formatDateTime(item.reviewedAt)}
            </span>
          )}
        </Cell>
      )}
      <Cell label="Action" isWide>
        <Link
          to={`/admin/verifications/${item.id}`}
          aria-label={`${isPending ? 'Review' : 'Open'} the verification of ${item.fullName}`}
          className={buttonClass(isPending ? 'primary' : 'secondary', 'max-sm:w-full', 'sm')}
        >
          {isPending ? 'Review' : 'Open'}
        </Link>
      </Cell>
    </Row>
  );
}

/** The reviewers' queue of identity submissions, oldest first, and those already decided. */
export function VerificationsPage() {
  const list = useListParams({ status: DECIDED });
  const status = list.filterOf('status') ?? 'pending';
  const queue = useIdentityQueue(status, list.page);
  const view = VIEWS[status];

  return (
    <section className="space-y-4">
      <PageHeader
        title="Verifications"
        description={
          status === 'pending'
            ? `${queue.data ? `${queue.data.total} waiting for review. ` : ''}Oldest first: decide in the order they came.`
            : 'Oldest first.'
        }
      >
        <FilterSelect
          label="Show"
          value={status === 'pending' ? '' : status}
          options={[
            ['', VIEWS.pending.option],
            ...DECIDED.map((decided): [string, string] => [decided, VIEWS[decided].option]),
          ]}
          onChange={(next) => list.setFilter('status', DECIDED.find((decided) => decided === next) ?? null)}
        />
      </PageHeader>

      <QueryTable
        query={queue}
        label={status === 'pending' ? 'Verifications waiting for review' : `${view.option} verifications`}
        loadingLabel="Loading verifications"
        columns={status === 'pending' ? [...COLUMNS, 'Action'] : [...COLUMNS, 'Reviewer', 'Action']}
        empty={view.empty}
        renderRow={(item) => <QueueRow key={item.id} item={item} />}
        pagination={
          queue.data && {
            page: list.page,
            pageSize: queue.data.pageSize,
            noun: 'verifications',
            onPageChange: list.setPage,
          }
        }
      />
    </section>
  );
}
