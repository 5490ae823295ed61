import { centsToUsd, type FundReserveForm, FundReserveFormSchema, type ReserveStatus } from '@vestora/shared';
import { useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField, TextField } from '../../../ui/field.tsx';
import { count, usd } from '../../../ui/format.ts';
import { ErrorNote } from '../../../ui/table.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useFundReserve, useReserve } from '../console-status-api.ts';
import { useDialogKey } from '../dialog-key.ts';

const EMPTY: FundReserveForm = { amount: '', note: '' };

function FundReserveDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const fundReserve = useFundReserve();
  const dialogKey = useDialogKey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(FundReserveFormSchema, { defaultValues: EMPTY });

  const close = (isOpen: boolean) => {
    if (isOpen || fundReserve.isPending) return;
    reset(EMPTY);
    dialogKey.drop();
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(({ amountCents, note }) => {
    fundReserve.mutate(
      { amount: centsToUsd(amountCents), ...(note ? { note } : {}), idempotencyKey: dialogKey.current() },
      {
        onSuccess: () => {
          reset(EMPTY);
          dialogKey.drop();
          onOpenChange(false);
        },
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Fund the reserve"
      description="Record money the operator has put into the yield reserve. Plan returns are paid from it, never from anywhere else."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={500}
          placeholder="Where the money came from, for the audit trail"
          error={errors.note?.message}
          {...register('note')}
        />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Fund reserve"
          busyLabel="Funding..."
          isBusy={fundReserve.isPending}
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}

function Figure({ label, value, tone = 'plain' }: { label: string; value: string; tone?: 'plain' | 'bad' }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={`mt-1 text-lg font-semibold tabular-nums ${tone === 'bad' ? 'text-red-700' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function ReserveFigures({ reserve }: { reserve: ReserveStatus }) {
  const isShort = reserve.shortfall > 0;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Reserve balance" value={usd(reserve.balance)} />
      <Figure label="Returns due, unpaid" value={usd(reserve.dueUnpaid)} />
      <Figure label="Shortfall" value={usd(reserve.shortfall)} tone={isShort ? 'bad' : 'plain'} />
      <Figure
        label="Active investments"
        value={
          reserve.delayedInvestments > 0
            ? `${count(reserve.activeInvestments)} (${count(reserve.delayedInvestments)} delayed)`
            : count(reserve.activeInvestments)
        }
        tone={reserve.delayedInvestments > 0 ? 'bad' : 'plain'}
      />
    </dl>
  );
}

/** The yield reserve that plan returns come out of, with the act that tops it up. */
export function ReservePanel() {
  const [isFunding, setIsFunding] = useState(false);
  const { data: reserve, isPending, isError, error } = useReserve();

  return (
    <CardSection
      title="Yield reserve"
      description="A return that the reserve cannot cover waits, and is paid once the reserve is funded."
      actions={
        <Button onClick={() => setIsFunding(true)} className="max-sm:w-full">
          Fund reserve
        </Button>
      }
      className="p-4 sm:p-5"
    >
      {isPending ? (
        <p className="text-sm text-slate-500">Loading the reserve…</p>
      ) : isError ? (
        <ErrorNote message={errorMessage(error)} />
      ) : (
        <ReserveFigures reserve={reserve} />
      )}
      <FundReserveDialog open={isFunding} onOpenChange={setIsFunding} />
    </CardSection>
  );
}
