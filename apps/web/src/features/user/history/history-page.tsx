import { COINS, formatReference, HISTORY_TYPES, type HistoryItem, type HistoryType } from '@vestora/shared';
import { useId } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { ChainDetailsNote } from '../../../ui/chain-details.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { PayoutNote } from '../../../ui/payout-note.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { COIN_NAMES, formatDateTime, usd } from '../format.ts';
import { HISTORY_PAGE_SIZE, useHistory } from './history-api.ts';
import { StatementExport } from './statement-export.tsx';

const FILTERS: { type: HistoryType | null; label: string }[] = [
  { type: null, label: 'All' },
  { type: 'deposit', label: 'Deposits' },
  { type: 'withdrawal', label: 'Withdrawals' },
  { type: 'adjustment', label: 'Adjustments' },
  { type: 'plan', label: 'Plans' },
];

/** Plan events carry the ledger's transfer kind in `mode`. */
const PLAN_EVENTS: Record<string, { title: string; isCredit: boolean }> = {
  investment: { title: 'Invested in a plan', isCredit: false },
  plan_return: { title: 'Plan return', isCredit: true },
  principal_return: { title: 'Principal returned', isCredit: true },
};

/** What a row means to the person: its title and whether it adds to or takes from the balance. */
function describeItem({ type, mode }: HistoryItem): { title: string; isCredit: boolean } {
  const coin = mode === 'btc' || mode === 'eth' || mode === 'usdt' ? COIN_NAMES[mode] : mode;
  switch (type) {
    case 'deposit':
      return { title: `${coin} deposit`, isCredit: true };
    case 'withdrawal':
      return { title: `${coin} withdrawal`, isCredit: false };
    case 'adjustment':
      return mode === 'credit'
        ? { title: 'Credit by an administrator', isCredit: true }
        : { title: 'Debit by an administrator', isCredit: false };
    case 'plan':
      return PLAN_EVENTS[mode] ?? { title: 'Plan event', isCredit: true };
  }
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const { title, isCredit } = describeItem(item);
  const isRejected = item.status === 'rejected';
  const coin = COINS.find((known) => known === item.mode);
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3 sm:px-5">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-xs text-slate-500">
          {formatDateTime(item.createdAt)} · <span className="font-mono">{formatReference(item._id)}</span>
        </p>
        {item.chain && <ChainDetailsNote chain={item.chain} coin={item.mode} />}
        {item.payout && coin && <PayoutNote payout={item.payout} coin={coin} />}
        {item.reason && <p className="text-sm text-slate-700">Reason: {item.reason}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p
          className={`font-semibold tabular-nums ${
            isRejected
              ? 'text-slate-500 line-through'
              : isCredit && item.status === 'approved'
                ? 'text-green-700'
                : 'text-slate-900'
          }`}
        >
          {isCredit ? '+' : '−'}
          {usd(item.amount)}
        </p>
        <StatusBadge status={item.status} />
      </div>
    </li>
  );
}

export function HistoryPage() {
  const headingId = useId();
  const { page, setPage, filterOf, setFilter } = useListParams({ type: HISTORY_TYPES });
  const type = filterOf('type');
  const { data, isPending, isError, error, isPlaceholderData } = useHistory({ page, type });
  const chooseType = (next: HistoryType | null) => setFilter('type', next);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 id={headingId} className="text-2xl font-bold text-slate-900">
          History
        </h1>
        <p className="text-sm text-slate-600">Every movement of your money, newest first.</p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter by type</legend>
        {FILTERS.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={type === filter.type}
            onClick={() => chooseType(filter.type)}
            className="rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {filter.label}
          </button>
        ))}
      </fieldset>
      {isPending ? (
        <PageSpinner label="Loading history" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <div
          aria-busy={isPlaceholderData}
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {data.data.length === 0 ? (
            <p className="px-4 py-12 text-center text-sm text-slate-600">
              {type ? 'Nothing of this type yet.' : 'No transactions yet. Your deposits will appear here.'}
            </p>
          ) : (
            <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
              {data.data.map((item) => (
                <HistoryRow key={item._id} item={item} />
              ))}
            </ul>
          )}
        </div>
      )}
      {data && (
        <Pagination
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          noun="transactions"
        />
      )}
      <StatementExport />
    </div>
  );
}
