import { type AdminUserRow, MESSAGES, parseUsdToCents } from '@vestora/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField, TextField } from '../../../ui/field.tsx';
import { useDialogKey } from '../dialog-key.ts';
import { useCreditOrDebit } from '../users/users-api.ts';

interface CreditDebitForm {
  mode: 'credit' | 'debit' | '';
  amount: string;
  reason: string;
}

const EMPTY: CreditDebitForm = { mode: '', amount: '', reason: '' };
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The first thing wrong with the form, in the specification's words (section 5), or null. */
function formProblem({ mode, amount, reason }: CreditDebitForm): string | null {
  if (!mode || !amount.trim() || !reason.trim()) return MESSAGES.adjustmentFieldsRequired;
  const cents = parseUsdToCents(amount);
  if (cents === null || cents <= 0n) return MESSAGES.invalidAmount;
  return null;
}

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
  const { register, handleSubmit, reset, setError, formState } = useForm<CreditDebitForm>({
    defaultValues: EMPTY,
  });
  const modeLabelId = useId();

  const close = (isOpen: boolean) => {
    if (isOpen || creditOrDebit.isPending) return;
    reset(EMPTY);
    dialogKey.drop();
    onOpenChange(false);
  };

  const onSubmit = handleSubmit((values) => {
    const problem = formProblem(values);
    if (problem) {
      setError('root', { message: problem });
      return;
    }
    const loading = toast.loading(MESSAGES.pleaseWait);
    creditOrDebit.mutate(
      {
        userId: user._id,
        mode: values.mode === 'debit' ? 'debit' : 'credit',
        amount: values.amount.trim(),
        reason: values.reason.trim(),
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
                <input type="radio" value={mode} {...register('mode')} className="accent-brand-700" />
                {mode === 'credit' ? 'Credit' : 'Debit'}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label="Amount (USD)" inputMode="decimal" autoComplete="off" {...register('amount')} />
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={500}
          placeholder="Shown to the user in their history"
          {...register('reason')}
        />
        <FormError message={formState.errors.root?.message} />
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
