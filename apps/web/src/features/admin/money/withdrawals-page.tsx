import { MESSAGES, type Withdrawal } from '@vestora/shared';
import { approveWithdrawalRoute, declineWithdrawalRoute } from '@vestora/shared/routes';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { copyText } from '../../../ui/copy-text.ts';
import { TextField } from '../../../ui/field.tsx';
import { formatDateTime, usd } from '../../../ui/format.ts';
import { CopyIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { ApproveDialog, DecisionButtons, DeclineDialog, type OpenDecision } from './decision-dialogs.tsx';
import { usePendingWithdrawals, WITHDRAWALS_PAGE_SIZE } from './withdrawals-api.ts';

const COLUMNS = ['User', 'Amount', 'Coin', 'Destination address', 'Requested', 'Action'];

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

/** The pending withdrawal queue: pay out, then approve (with the payout hash), or decline with a reason. */
export function WithdrawalsPage() {
  const list = useListParams({});
  const [decision, setDecision] = useState<OpenDecision>(null);
  const [txHash, setTxHash] = useState('');
  const withdrawals = usePendingWithdrawals(list.page);

  const closeDialogs = () => {
    setDecision(null);
    setTxHash('');
  };

  return (
    <section className="space-y-4">
      <PageHeader
        title="Withdrawals"
        description={
          <>
            {withdrawals.data ? `${withdrawals.data.total} waiting for a decision. ` : ''}The amount is held
            from the user&apos;s balance until you decide.
          </>
        }
      />

      <QueryTable
        query={withdrawals}
        label="Pending withdrawals"
        loadingLabel="Loading withdrawals"
        columns={COLUMNS}
        empty="No withdrawal is waiting. All caught up."
        renderRow={(withdrawal, answer) => (
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
            <Cell label="Action" isWide className="max-sm:order-2">
              <DecisionButtons
                approveLabel="Approve"
                id={withdrawal._id}
                summary={summaryOf(withdrawal)}
                onDecide={setDecision}
              />
              <ApprovalNote withdrawal={withdrawal} administratorCount={answer.administratorCount} />
            </Cell>
          </Row>
        )}
        pagination={{
          page: list.page,
          pageSize: WITHDRAWALS_PAGE_SIZE,
          noun: 'withdrawals',
          onPageChange: list.setPage,
        }}
      />

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
