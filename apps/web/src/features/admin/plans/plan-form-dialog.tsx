import {
  PERIOD_DAYS,
  PLAN_PERIODS,
  type Plan,
  type PlanForm,
  PlanFormSchema,
  type PlanPeriod,
} from '@vestora/shared';
import { useId } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, SelectField, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useSavePlan } from './plans-api.ts';

const EMPTY: PlanForm = {
  name: '',
  rate: '',
  period: 'daily',
  durationDays: '',
  minAmount: '',
  maxAmount: '',
  principalReturn: true,
};

export const PERIOD_LABELS: Record<PlanPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

function formOf(plan: Plan | null): PlanForm {
  if (!plan) return EMPTY;
  return {
    name: plan.name,
    rate: String(plan.rate),
    period: plan.period,
    durationDays: String(plan.durationDays),
    minAmount: String(plan.minAmount),
    maxAmount: String(plan.maxAmount),
    principalReturn: plan.principalReturn,
  };
}

/** What the plan pays over its whole term, in percent: 3.6% daily for 60 days is 216%. */
export function termReturnPercent(rate: number, period: PlanPeriod, durationDays: number): number {
  const periods = Math.floor(durationDays / PERIOD_DAYS[period]);
  return Math.round(rate * periods * 100) / 100;
}

/** Creates a plan (`plan` null) or edits one; the server's refusal stays in the dialog. */
export function PlanFormDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: Plan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const savePlan = useSavePlan();
  const principalId = useId();
  // Checked by the server's rules, so a refusal reads the same on both sides; the body sent is what
  // the schema accepted (names in capitals, amounts to the cent).
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(PlanFormSchema, { values: formOf(plan) });

  const close = (isOpen: boolean) => {
    if (isOpen || savePlan.isPending) return;
    reset(formOf(plan));
    onOpenChange(false);
  };

  const onSubmit = handleSubmit((body) => {
    savePlan.mutate(
      { id: plan?._id ?? null, body },
      {
        onSuccess: () => {
          // Back to the plan's terms (or an empty form), so the next opening starts clean.
          reset();
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
      title={plan ? `Edit ${plan.name}` : 'New plan'}
      description={
        plan
          ? 'Changes apply to new investments only. Running investments keep the terms they started with.'
          : 'Investors can choose the plan as soon as it is saved. Names are kept in capitals.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Rate (% per period)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.rate?.message}
            {...register('rate')}
          />
          <SelectField label="Period" error={errors.period?.message} {...register('period')}>
            {PLAN_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="Duration (days)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.durationDays?.message}
          {...register('durationDays')}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Minimum (USD)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.minAmount?.message}
            {...register('minAmount')}
          />
          <TextField
            label="Maximum (USD)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.maxAmount?.message}
            {...register('maxAmount')}
          />
        </div>
        <label
          htmlFor={principalId}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm"
        >
          <input
            id={principalId}
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            {...register('principalReturn')}
          />
          <span>
            <span className="block font-medium text-slate-800">Return the principal at maturity</span>
            <span className="block text-slate-500">Otherwise the amount invested stays with the plan.</span>
          </span>
        </label>
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel={plan ? 'Save changes' : 'Create plan'}
          busyLabel="Saving..."
          isBusy={savePlan.isPending}
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}
