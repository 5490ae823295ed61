import { MESSAGES, type TransactionStatus, type Withdrawal } from '@vestora/shared';
import { approveWithdrawalRoute, declineWithdrawalRoute } from '@vestora/shared/routes';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../../../ui/copy-text.ts';
import { TextField } from '../../../ui/field.tsx';
import { FilterSelect } from '../../../ui/filter-select.tsx';
import { formatDateTime, usd } from '../../../ui/format.ts';
import { CopyIcon } from '../../../ui/icons.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PayoutNote } from '../../../ui/payout-note.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { ApproveDialog, DecisionButtons, DeclineDialog, type OpenDecision } from './decision-dialogs.tsx';
import {
  type OpenPayoutAct,
  PayoutActions,
  RecordPaymentDialog,
  UnsignedTransactionDialog,
} from './payout-dialogs.tsx';
import { useWithdrawals, WITHDRAWALS_PAGE_SIZE } from './withdrawals-api.ts';

/** The queue waiting for a decision is the page's own list; the decided ones are a filter away. */
const DECIDED = ['approved', 'rejected'] as const;

const VIEWS: Record<TransactionStatus, { option: string; columns: string[]; empty: string }> = {
  pending: {
    option: 'Waiting for a decision',
    columns: ['User', 'Amount', 'Coin', 'Destination address', 'Requested', 'Action'],
    empty: 'No withdrawal is waiting. All caught up.',
  },
  approved: {
    option: 'Approved',
    columns: ['User', 'Amount', 'Coin', 'Destination address', 'Requested', 'Payout', 'Action'],
    empty: 'No withdrawal has been approved yet.',
  },
  rejected: {
    option: 'Declined',
    columns: ['User', 'Amount', 'Coin', 'Destination address', 'Requested', 'Reason'],
    empty: 'No withdrawal has been declined.',
  },
};

const APPROVE_QUESTIONS = {
  onChain:
    'Approving fixes the coin amount at the current rate and keeps the amount held. Then pay it from a registered reserve address with your own wallet and record the transaction hash under Approved: it is paid once the chain confirms it.',
  onWord:
    'Send the coins to the destination address first. Approving fixes the coin amount at the current rate and records the payout on your word, not checked on chain. It cannot be undone.',
};

function CopyAddress({ address }: { address: string }) {
  const onCopy = async () => {
    if (await copyText(address)) toast.success(MESSAGES.addressCopied);
    else toast.error(MESSAGES.copyBlocked);
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

/**
 * Why a large withdrawal is still here: how many different staff members must approve it (fixed
 * when it was requested), who approved it so far and when, and, when fewer people can approve
 * withdrawals than it needs, that it waits until there are more.
 */
function ApprovalNote({
  withdrawal,
  administratorCount,
}: {
  withdrawal: Withdrawal;
  administratorCount: number;
}) {
  if (!withdrawal.needsTwoApprovals) return null;
  const { approvals, requiredApprovals } = withdrawal;
  const remaining = requiredApprovals - approvals.length;
  const given = approvals
    .map((approval) => `${approval.adminName}, ${formatDateTime(approval.at)}`)
    .join('; ');
  return (
    <div className="mt-2 space-y-1 text-xs">
      <p className="text-slate-700">
        {approvals.length > 0
          ? `Approved by ${given}. Waiting for ${remaining} more approval${remaining === 1 ? '' : 's'} from a different staff member.`
          : `Large withdrawal: ${requiredApprovals} different staff members must approve it.`}
      </p>
      {administratorCount < requiredApprovals && (
        <p className="text-amber-800">
          Only {administratorCount} staff {administratorCount === 1 ? 'member' : 'members'} can approve
          withdrawals, fewer than it needs, so it waits: give another verified account the finance role under
          Staff.
        </p>
      )}
    </div>
  );
}

function summaryOf(withdrawal: Withdrawal): string {
  return `${usd(withdrawal.amount)} ${withdrawal.method.toUpperCase()} withdrawal`;
}

/**
 * The withdrawal queue: approve (with the payout reference, where the chain is not read) or decline
 * with a reason. Approved ones read from the chain wait under Approved for the transaction that pays
 * them.
 */
export function WithdrawalsPage() {
  const list = useListParams({ status: DECIDED });
  const status = list.filterOf('status') ?? 'pending';
  const view = VIEWS[status];
  const [decision, setDecision] = useState<OpenDecision>(null);
  const [isApprovalOnChain, setIsApprovalOnChain] = useState(false);
  const [payoutAct, setPayoutAct] = useState<OpenPayoutAct>(null);
  const [txHash, setTxHash] = useState('');
  const withdrawals = useWithdrawals(status, list.page);

  const closeDialogs = () => {
    setDecision(null);
    setTxHash('');
  };

  return (
    <section className="space-y-4">
      <PageHeader
        title="Withdrawals"
        description={
          status === 'pending' ? (
            <>
              {withdrawals.data ? `${withdrawals.data.total} waiting for a decision. ` : ''}The amount is held
              from the user&apos;s balance until you decide.
            </>
          ) : status === 'approved' ? (
            'Newest first. One paid on chain stays held until its transaction, from a registered reserve address, has its confirmations.'
          ) : (
            'Newest first. The amount went back to the user’s balance.'
          )
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
        query={withdrawals}
        label={status === 'pending' ? 'Pending withdrawals' : `${view.option} withdrawals`}
        loadingLabel="Loading withdrawals"
        columns={view.columns}
        empty={view.empty}
        renderRow={(withdrawal, answer) => {
          const summary = summaryOf(withdrawal);
          return (
            <Row key={withdrawal._id}>
              <Cell label="User" className="font-medium text-slate-900">
                {withdrawal.fullName}
              </Cell>
              <Cell label="Amount" className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {usd(withdrawal.amount)}
              </Cell>
              <Cell label="Coin" className="font-semibold text-slate-900 uppercase">
                {withdrawal.method}
              </Cell>
              <Cell label="Destination address" isWide className="max-sm:order-1">
                <CopyAddress address={withdrawal.address} />
              </Cell>
              <Cell label="Requested" className="whitespace-nowrap text-slate-600">
                {formatDateTime(withdrawal.createdAt)}
              </Cell>
              {status === 'pending' && (
                <Cell label="Action" isWide className="max-sm:order-2">
                  <DecisionButtons
                    approveLabel="Approve"
                    id={withdrawal._id}
                    summary={summary}
                    onDecide={(next) => {
                      setIsApprovalOnChain(withdrawal.isPayoutCheckedOnChain);
                      setDecision(next);
                    }}
                  />
                  <ApprovalNote withdrawal={withdrawal} administratorCount={answer.administratorCount} />
                </Cell>
              )}
              {status === 'approved' && (
                <>
                  <Cell label="Payout" isWide className="max-sm:order-2 sm:min-w-56">
                    {withdrawal.payout && <PayoutNote payout={withdrawal.payout} coin={withdrawal.method} />}
                  </Cell>
                  <Cell label="Action" isWide className="max-sm:order-3">
                    <PayoutActions
                      withdrawal={withdrawal}
                      summary={summary}
                      onAct={setPayoutAct}
                      onDecide={setDecision}
                    />
                  </Cell>
                </>
              )}
              {status === 'rejected' && (
                <Cell label="Reason" isWide className="max-sm:order-2 text-slate-700">
                  {withdrawal.reason ?? '—'}
                </Cell>
              )}
            </Row>
          );
        }}
        pagination={{
          page: list.page,
          pageSize: WITHDRAWALS_PAGE_SIZE,
          noun: 'withdrawals',
          onPageChange: list.setPage,
        }}
      />

      <ApproveDialog
        decision={decision}
        question={isApprovalOnChain ? APPROVE_QUESTIONS.onChain : APPROVE_QUESTIONS.onWord}
        route={approveWithdrawalRoute}
        body={!isApprovalOnChain && txHash.trim() ? { txHash: txHash.trim() } : undefined}
        onClose={closeDialogs}
      >
        {!isApprovalOnChain && (
          <TextField
            label="Payout transaction hash (optional)"
            value={txHash}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTxHash(event.target.value)}
          />
        )}
      </ApproveDialog>
      <DeclineDialog
        decision={decision}
        route={declineWithdrawalRoute}
        onClose={closeDialogs}
        isReasonRequired
      >
        {status === 'approved' && (
          <Notice tone="warning">
            Decline only if nothing was sent: the amount goes back to the user's balance. If you already paid
            it, record the payment instead, or the user is paid twice.
          </Notice>
        )}
      </DeclineDialog>
      <RecordPaymentDialog act={payoutAct} onClose={() => setPayoutAct(null)} />
      <UnsignedTransactionDialog act={payoutAct} onClose={() => setPayoutAct(null)} />
    </section>
  );
}
