import { type AdminUserRow, type CreditDebitForm, CreditDebitFormSchema, MESSAGES } from '@vestora/shared';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { useCreditOrDebit } from '../users/users-api.ts';

const EMPTY: CreditDebitForm = { mode: '', amount: '', reason: '' };
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Credits or debits a user's available balance. The reason is required here (DESIGN.md principle
 * 5: the user sees who, when and why) although the API, as the specification's, accepts none.
 */
export function CreditDebitDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUserRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const creditOrDebit = useCreditOrDebit();
  const dialogKey = useDialogKey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(CreditDebitFormSchema, { defaultValues: EMPTY });
  const modeLabelId = useId();
  const modeErrorId = useId();

  const close = (isOpen: boolean) => {
    if (isOpen || creditOrDebit.isPending) return;
    reset(EMPTY);
    dialogKey.drop();
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(({ mode, amount, reason }) => {
    const loading = toast.loading(MESSAGES.pleaseWait);
    creditOrDebit.mutate(
      {
        userId: user._id,
        mode,
        amount,
        reason,
        idempotencyKey: dialogKey.current(),
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message, { id: loading });
          reset(EMPTY);
          dialogKey.drop();
          onOpenChange(false);
        },
        // The refusal shows in the dialog, beside what caused it.
        onError: (error) => {
          toast.dismiss(loading);
          setError('root', { message: errorMessage(error) });
        },
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Credit/Debit"
      description={
        <>
          {user.fullName} (@{user.userName}) has{' '}
          <span className="font-semibold text-slate-900">{money.format(user.acctBalance)}</span> available.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <fieldset>
          <legend id={modeLabelId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Mode
          </legend>
          <div className="grid grid-cols-2 gap-2">
            {(['credit', 'debit'] as const).map((mode) => (
              <label
                key={mode}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
              >
                <input
                  type="radio"
                  value={mode}
                  aria-invalid={errors.mode ? true : undefined}
                  aria-describedby={errors.mode ? modeErrorId : undefined}
                  {...register('mode')}
                  className="accent-brand-700"
                />
                {mode === 'credit' ? 'Credit' : 'Debit'}
              </label>
            ))}
          </div>
          {errors.mode && (
            <p id={modeErrorId} role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.mode.message}
            </p>
          )}
        </fieldset>
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={500}
          placeholder="Shown to the user in their history"
          error={errors.reason?.message}
          {...register('reason')}
        />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Submit"
          busyLabel="Please wait..."
          isBusy={creditOrDebit.isPending}
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}
