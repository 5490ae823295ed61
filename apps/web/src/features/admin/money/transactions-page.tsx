import {
  type AdminTransaction,
  formatReference,
  MESSAGES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@vestora/shared';
import { approveDepositRoute, declineDepositRoute } from '@vestora/shared/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChainDetailsNote } from '../../../ui/chain-details.tsx';
import { FilterSelect } from '../../../ui/filter-select.tsx';
import { formatDateTime, usd } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { ApproveDialog, DecisionButtons, DeclineDialog, type OpenDecision } from './decision-dialogs.tsx';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsQuery, useTransactions } from './transactions-api.ts';

const COLUMNS = ['Reference', 'Mode', 'User', 'Amount', 'Status', 'Date', 'Action', 'Receipt'];

function TransactionAction({
  transaction,
  onDecide,
}: {
  transaction: AdminTransaction;
  onDecide: (decision: OpenDecision) => void;
}) {
  if (transaction.status !== 'pending') return <span className="text-slate-500">—</span>;
  // The watcher credits a payment seen on chain once it is confirmed; nobody approves it.
  if (transaction.chain) return <span className="text-slate-600">Awaiting confirmations</span>;
  if (transaction.type === 'withdrawal') {
    return (
      <Link
        to="/admin/withdrawals"
        className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
      >
        Review in queue
      </Link>
    );
  }
  return (
    <DecisionButtons
      approveLabel="Confirm"
      id={transaction._id}
      summary={`${usd(transaction.amount)} ${transaction.mode.toUpperCase()} deposit`}
      onDecide={onDecide}
    />
  );
}

/** `/admin/adminTrans`: every deposit and withdrawal, newest first, filtered and paged by the server. */
export function TransactionsPage() {
  const list = useListParams({ status: TRANSACTION_STATUSES, type: TRANSACTION_TYPES });
  const query: TransactionsQuery = {
    page: list.page,
    status: list.filterOf('status') ?? '',
    type: list.filterOf('type') ?? '',
  };
  const [decision, setDecision] = useState<OpenDecision>(null);
  const transactions = useTransactions(query);
  const isFiltered = query.status !== '' || query.type !== '';

  return (
    <section className="space-y-4">
      <PageHeader title="Transactions" description="Deposits and withdrawals of every user, newest first.">
        <div className="flex w-full gap-2 sm:w-auto">
          <FilterSelect
            label="Status"
            value={query.status}
            options={[
              ['', 'All statuses'],
              ...TRANSACTION_STATUSES.map((status): [string, string] => [
                status,
                status[0]?.toUpperCase() + status.slice(1),
              ]),
            ]}
            onChange={(status) =>
              list.setFilter('status', TRANSACTION_STATUSES.find((known) => known === status) ?? null)
            }
          />
          <FilterSelect
            label="Type"
            value={query.type}
            options={[
              ['', 'All types'],
              ['deposit', 'Deposits'],
              ['withdrawal', 'Withdrawals'],
            ]}
            onChange={(type) =>
              list.setFilter('type', TRANSACTION_TYPES.find((known) => known === type) ?? null)
            }
          />
        </div>
      </PageHeader>

      <QueryTable
        query={transactions}
        label="Transactions"
        loadingLabel="Loading transactions"
        columns={COLUMNS}
        empty={isFiltered ? 'No transaction matches these filters.' : MESSAGES.noTransactions}
        renderRow={(transaction) => (
          <Row key={transaction._id}>
            <Cell label="Reference" className="font-mono text-xs whitespace-nowrap text-slate-700">
              {formatReference(transaction._id)}
            </Cell>
            <Cell label="Mode">
              <p className="font-semibold text-slate-900 uppercase">{transaction.mode}</p>
              <p className="text-xs text-slate-500 capitalize">{transaction.type}</p>
            </Cell>
            <Cell label="User" isWide>
              <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{transaction.fullName}</p>
              <p className="text-xs break-all text-slate-500">@{transaction.userName}</p>
            </Cell>
            <Cell label="Amount" className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
              {usd(transaction.amount)}
            </Cell>
            <Cell label="Status">
              <StatusBadge status={transaction.status} />
            </Cell>
            <Cell label="Date" className="whitespace-nowrap text-slate-600">
              {formatDateTime(transaction.createdAt)}
            </Cell>
            <Cell label="Action" isWide className="max-sm:order-last">
              <TransactionAction transaction={transaction} onDecide={setDecision} />
            </Cell>
            <Cell label="Receipt" className="whitespace-nowrap">
              {transaction.chain ? (
                <ChainDetailsNote chain={transaction.chain} coin={transaction.mode} />
              ) : transaction.image ? (
                <a
                  href={transaction.image}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  View receipt
                  <span className="sr-only"> of {formatReference(transaction._id)} (opens in a new tab)</span>
                </a>
              ) : (
                <span className="text-slate-500">No receipt</span>
              )}
              {transaction.duplicateProof && (
                <span
                  title="An earlier deposit was sent with this same file. Check it before confirming."
                  className="mt-1 block w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset"
                >
                  Reused receipt
                </span>
              )}
            </Cell>
          </Row>
        )}
        pagination={{
          page: query.page,
          pageSize: TRANSACTIONS_PAGE_SIZE,
          noun: 'transactions',
          onPageChange: list.setPage,
        }}
      />

      <ApproveDialog
        decision={decision}
        question={MESSAGES.confirmPayment}
        route={approveDepositRoute}
        onClose={() => setDecision(null)}
      />
      <DeclineDialog decision={decision} route={declineDepositRoute} onClose={() => setDecision(null)} />
    </section>
  );
}
