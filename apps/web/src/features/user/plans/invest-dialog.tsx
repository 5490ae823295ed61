import { investFormSchema, MESSAGES, type Plan } from '@vestora/shared';
import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useProfile } from '../account/profile-api.ts';
import { usd } from '../format.ts';
import { useSubmissionKey } from '../submission-key.ts';
import { useInvest } from './plans-api.ts';

export function InvestDialog({
  plan,
  onOpenChange,
}: {
  plan: Plan;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { data: user } = useProfile();
  const invest = useInvest();
  const submissionKey = useSubmissionKey();
  const navigate = useNavigate();
  const reasonId = useId();
  const balance = user?.accountBalance ?? 0;
  const schema = useMemo(() => investFormSchema(plan, balance), [plan, balance]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { amount: '' } });
  if (!user) return null;

  const onSubmit = handleSubmit(async ({ amount }) => {
    const request = { planId: plan._id, amount };
    const idempotencyKey = submissionKey.start([request.planId, request.amount]);
    if (!idempotencyKey) return;
    try {
      await invest.mutateAsync({ ...request, idempotencyKey });
      submissionKey.finish(true);
      onOpenChange(false);
      await navigate('/user/my-plans');
    } catch (failure) {
      submissionKey.finish(false);
      setError('root', { message: errorMessage(failure) });
    }
  });

  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={`Invest in ${plan.name}`}
      description={`${plan.rate}% ${plan.period} for ${plan.durationDays} days, from ${usd(plan.minAmount)} to ${usd(plan.maxAmount)}.`}
    >
      <div className="mb-4 rounded-xl bg-brand-50 px-4 py-3">
        <p className="text-sm text-brand-900">Available balance</p>
        <p className="text-2xl font-bold text-brand-900 tabular-nums">{usd(user.accountBalance)}</p>
      </div>
      {!user.isVerified && (
        <Notice tone="warning" id={reasonId} className="mb-4">
          <strong className="font-semibold">{MESSAGES.mustBeVerifiedToInvest}</strong> You can deposit in the
          meantime; plans open as soon as your account is verified.
        </Notice>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset
          disabled={!user.isVerified || invest.isPending}
          aria-describedby={user.isVerified ? undefined : reasonId}
          className="space-y-4"
        >
          <legend className="sr-only">Investment amount</legend>
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <FormError message={errors.root?.message} />
        </fieldset>
        <FormActions
          submitLabel="Invest"
          busyLabel="Investing..."
          isBusy={invest.isPending}
          canSubmit={user.isVerified}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Modal>
  );
}
