import {
  CreatePayoutBatchRequestSchema,
  formatBaseUnits,
  type PayoutBatch,
  type Withdrawal,
} from '@vestora/shared';
import { useId, useMemo } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { formatDateTime, usd } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import { PayoutBatchCard } from './payout-batch-card.tsx';
import { useBatchableWithdrawals, useCreatePayoutBatch, usePayoutBatches } from './payout-batches-api.ts';

const coinAmountOf = (withdrawal: Withdrawal) => withdrawal.payout?.coinAmountBaseUnits ?? '0';

const sumOf = (amounts: readonly string[]) => amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);

/**
 * The approved Bitcoin withdrawals no batch holds yet. Staff who pay choose some and a fee rate (the
 * node's estimate to start from) and create the batch, whose unsigned PSBT then shows below; the
 * others read the list.
 */
function WaitingForBatch({
  batches,
  feeRateEstimate,
  canPay,
}: {
  batches: readonly PayoutBatch[];
  feeRateEstimate: number | null;
  canPay: boolean;
}) {
  const headingId = useId();
  const hintId = useId();
  const batchedIds = useMemo(
    () => new Set(batches.flatMap((batch) => batch.withdrawals.map((withdrawal) => withdrawal.id))),
    [batches],
  );
  const isFollowing = batches.some((batch) => batch.state === 'broadcast');
  const withdrawals = useBatchableWithdrawals(batchedIds, isFollowing);
  const createBatch = useCreatePayoutBatch();
  const formKey = useDialogKey();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    reset,
    watch,
    formState: { errors, isSubmitted },
  } = useZodForm(CreatePayoutBatchRequestSchema, {
    defaultValues: { withdrawalIds: [], feeRate: feeRateEstimate === null ? '' : String(feeRateEstimate) },
  });

  const listed = withdrawals.data?.data ?? [];
  const chosenIds = watch('withdrawalIds');
  const chosen = listed.filter((withdrawal) => chosenIds.includes(withdrawal._id));
  const choose = (ids: string[]) => setValue('withdrawalIds', ids, { shouldValidate: isSubmitted });
  const toggle = (id: string) =>
    choose(chosenIds.includes(id) ? chosenIds.filter((chosenId) => chosenId !== id) : [...chosenIds, id]);

  const onSubmit = handleSubmit(({ withdrawalIds, feeRate }) => {
    createBatch.mutate(
      { withdrawalIds, feeRate, idempotencyKey: formKey.current() },
      {
        onSuccess: () => {
          formKey.drop();
          // Chosen ones are in the batch now; the fee rate stays for the next.
          reset({ withdrawalIds: [], feeRate: getValues('feeRate') });
        },
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    );
  });

  const columns = canPay
    ? ['Select', 'User', 'Amount', 'Destination address', 'Requested']
    : ['User', 'Amount', 'Destination address', 'Requested'];
  const table = (
    <QueryTable
      query={withdrawals}
      label="Approved Bitcoin withdrawals waiting for a batch"
      loadingLabel="Loading withdrawals"
      columns={columns}
      empty="No approved Bitcoin withdrawal is waiting for a batch."
      renderRow={(withdrawal) => {
        const amount = `${formatBaseUnits(coinAmountOf(withdrawal), 'btc')} BTC`;
        return (
          <Row key={withdrawal._id}>
            {canPay && (
              <Cell label="Select">
                <input
                  type="checkbox"
                  checked={chosenIds.includes(withdrawal._id)}
                  onChange={() => toggle(withdrawal._id)}
                  aria-label={`Pay ${withdrawal.fullName} ${amount}`}
                  className="h-4 w-4 accent-brand-700"
                />
              </Cell>
            )}
            <Cell label="User" className="font-medium text-slate-900">
              {withdrawal.fullName}
            </Cell>
            <Cell label="Amount" className="whitespace-nowrap tabular-nums">
              <span className="block font-semibold text-slate-900">{amount}</span>
              <span className="block text-xs text-slate-600">{usd(withdrawal.amount)}</span>
            </Cell>
            <Cell label="Destination address" isWide>
              <span className="font-mono text-xs break-all text-slate-800">{withdrawal.address}</span>
            </Cell>
            <Cell label="Requested" className="whitespace-nowrap text-slate-600">
              {formatDateTime(withdrawal.createdAt)}
            </Cell>
          </Row>
        );
      }}
    />
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Waiting for a batch
        </h2>
        <p className="text-sm text-slate-600">
          {canPay
            ? 'Choose the withdrawals to pay in one transaction and its fee rate. The batch pays each its coin amount, fixed at approval, with the change back to the wallet.'
            : 'Finance pays them in batches.'}
        </p>
      </div>
      {canPay ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
          {table}
          {listed.length > 0 && (
            <>
              <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
                <span>
                  {chosen.length === 0
                    ? 'None chosen'
                    : `${chosen.length} chosen, ${formatBaseUnits(sumOf(chosen.map(coinAmountOf)).toString(), 'btc')} BTC`}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => choose(chosen.length === listed.length ? [] : listed.map(({ _id }) => _id))}
                >
                  {chosen.length === listed.length ? 'Choose none' : 'Choose all'}
                </Button>
              </div>
              {errors.withdrawalIds && (
                <p role="alert" className="text-sm text-red-700">
                  {errors.withdrawalIds.message ?? errors.withdrawalIds[0]?.message}
                </p>
              )}
              <div className="flex flex-wrap items-start gap-3">
                <TextField
                  label="Fee rate (sat/vB)"
                  inputMode="numeric"
                  autoComplete="off"
                  className="w-40"
                  aria-describedby={hintId}
                  error={errors.feeRate?.message}
                  {...register('feeRate')}
                />
                <Button type="submit" disabled={createBatch.isPending} className="sm:mt-7 max-sm:w-full">
                  {createBatch.isPending ? 'Creating...' : 'Create batch'}
                </Button>
              </div>
              <p id={hintId} className="text-xs text-slate-600">
                {feeRateEstimate === null
                  ? 'The node gives no estimate now: choose a rate.'
                  : `The node's estimate for a block within an hour: ${feeRateEstimate} sat/vB.`}
              </p>
            </>
          )}
          <FormError message={errors.root?.message} />
        </form>
      ) : (
        table
      )}
    </section>
  );
}

/**
 * Bitcoin payouts: approved Bitcoin withdrawals paid together, in one transaction the operator signs
 * in their own wallet. Create a batch, sign its PSBT, upload the signed one; the server checks it is
 * the batch's transaction and hands it to the node, and the withdrawals are paid after its
 * confirmations.
 */
export function PayoutBatchesPage() {
  const batches = usePayoutBatches();
  const { isKnown, can } = useStaffPermissions();
  const canPay = isKnown && can('money.approve');

  return (
    <div className="space-y-6">
      <PageHeader
        title="Bitcoin payouts"
        description="Approved Bitcoin withdrawals, paid together in one transaction signed in your own wallet. They are paid once it has its confirmations."
      />
      {batches.data ? (
        <WaitingForBatch
          batches={batches.data.data}
          feeRateEstimate={batches.data.feeRateEstimate}
          canPay={canPay}
        />
      ) : (
        batches.isPending && <PageSpinner label="Loading payout batches" />
      )}
      <QueryView query={batches} loadingLabel={null} empty={{ when: ({ data }) => data.length === 0 }}>
        {({ data }) => (
          <div className="space-y-4">
            {data.map((batch) => (
              <PayoutBatchCard key={batch.id} batch={batch} canPay={canPay} />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
