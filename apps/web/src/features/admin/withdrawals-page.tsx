import { approveWithdrawalRoute, declineWithdrawalRoute, MESSAGES, type Withdrawal } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/field.tsx';
import { CopyIcon } from '../../ui/icons.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { Cell, EmptyRow, ErrorNote, HeaderCell, Row, TableCard } from '../../ui/table.tsx';
import { ApproveDialog, DeclineDialog, type OpenDecision } from './decision-dialogs.tsx';
import { usePendingWithdrawals, WITHDRAWALS_PAGE_SIZE } from './withdrawals-api.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const COLUMNS = ['User', 'Amount', 'Coin', 'Destination address', 'Requested', 'Action'];

function CopyAddress({ address }: { address: string }) {
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(MESSAGES.addressCopied);
    } catch {
      toast.error('The address could not be copied. Select it and copy it by hand.');
    }
  };
  return (
    <div className="flex items-center gap-2">
      <code className="min-w-0 rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-800 sm:w-64">
        {address}
      </code>
      <button
        type="button"
        onClick={() => void onCopy()}
        aria-label={`Copy address ${address}`}
        className="shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <CopyIcon width={16} height={16} />
      </button>
    </div>
  );
}

function summaryOf(withdrawal: Withdrawal): string {
  return `${money.format(withdrawal.amount)} ${withdrawal.method.toUpperCase()} withdrawal`;
}

/** The pending withdrawal queue: pay out, then approve (with the payout hash), or decline with a reason. */
export function WithdrawalsPage() {
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<OpenDecision>(null);
  const [txHash, setTxHash] = useState('');
  const { data, isPending, isError, error, isFetching } = usePendingWithdrawals(page);

  const closeDialogs = () => {
    setDecision(null);
    setTxHash('');
  };

  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Withdrawals</h1>
        <p className="text-sm text-slate-600">
          {data ? `${data.total} waiting for a decision. ` : ''}The amount is held from the user&apos;s
          balance until you decide.
        </p>
      </div>

      {isPending ? (
        <PageSpinner label="Loading withdrawals" />
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <>
          <TableCard label="Pending withdrawals">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <HeaderCell key={column}>{column}</HeaderCell>
                ))}
              </tr>
            </thead>
            <tbody
              className={`divide-y divide-slate-100 ${isFetching ? 'opacity-60' : ''}`}
              aria-busy={isFetching}
            >
              {data.data.length === 0 ? (
                <EmptyRow columns={COLUMNS.length}>No withdrawal is waiting. All caught up.</EmptyRow>
              ) : (
                data.data.map((withdrawal) => (
                  <Row key={withdrawal._id}>
                    <Cell label="User" className="font-medium text-slate-900">
                      {withdrawal.fullName}
                    </Cell>
                    <Cell
                      label="Amount"
                      className="font-medium whitespace-nowrap text-slate-900 tabular-nums"
                    >
                      {money.format(withdrawal.amount)}
                    </Cell>
                    <Cell label="Coin" className="font-semibold text-slate-900 uppercase">
                      {withdrawal.method}
                    </Cell>
                    <Cell label="Destination address" isWide className="max-sm:order-1">
                      <CopyAddress address={withdrawal.address} />
                    </Cell>
                    <Cell label="Requested" className="whitespace-nowrap text-slate-600">
                      {dateTime.format(new Date(withdrawal.createdAt))}
                    </Cell>
                    <Cell label="Action" isWide className="max-sm:order-2">
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          onClick={() =>
                            setDecision({
                              kind: 'approve',
                              id: withdrawal._id,
                              summary: summaryOf(withdrawal),
                            })
                          }
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() =>
                            setDecision({
                              kind: 'decline',
                              id: withdrawal._id,
                              summary: summaryOf(withdrawal),
                            })
                          }
                        >
                          Decline
                        </Button>
                      </div>
                    </Cell>
                  </Row>
                ))
              )}
            </tbody>
          </TableCard>
          <Pagination
            page={page}
            pageSize={WITHDRAWALS_PAGE_SIZE}
            total={data.total}
            noun="withdrawals"
            onPageChange={setPage}
          />
        </>
      )}

      <ApproveDialog
        decision={decision}
        question="Send the coins to the destination address first. Approving records the payout and cannot be undone."
        route={approveWithdrawalRoute}
        body={txHash.trim() ? { txHash: txHash.trim() } : undefined}
        onClose={closeDialogs}
      >
        <TextField
          label="Payout transaction hash (optional)"
          value={txHash}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTxHash(event.target.value)}
        />
      </ApproveDialog>
      <DeclineDialog
        decision={decision}
        route={declineWithdrawalRoute}
        onClose={closeDialogs}
        isReasonRequired
      />
    </section>
  );
}
