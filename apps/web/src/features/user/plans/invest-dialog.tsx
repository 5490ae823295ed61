import { formatUsd, MESSAGES, type Plan, parseUsdToCents } from '@vestora/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useProfile } from '../account/profile-api.ts';
import { usd } from '../format.ts';
import { useSubmissionKey } from '../submission-key.ts';
import { useInvest } from './plans-api.ts';

const toCents = (amount: number) => BigInt(Math.round(amount * 100));

/** The form's own check, in the server's words, so nothing is sent that would be refused for its shape. */
function investProblem(amount: string, plan: Plan, balance: number): string | null {
  if (amount.trim() === '') return MESSAGES.investFieldsRequired;
  const amountCents = parseUsdToCents(amount.trim());
  if (amountCents === null || amountCents <= 0n) return MESSAGES.invalidAmount;
  const [minCents, maxCents] = [toCents(plan.minAmount), toCents(plan.maxAmount)];
  if (amountCents < minCents || amountCents > maxCents) {
    return `The amount for ${plan.name} must be between ${formatUsd(minCents)} and ${formatUsd(maxCents)}.`;
  }
  return amountCents > toCents(balance) ? MESSAGES.insufficientBalance : null;
}

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
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  if (!user) return null;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = investProblem(amount, plan, user.accountBalance);
    if (problem) {
      setError(problem);
      return;
    }
    const request = { planId: plan._id, amount: amount.trim() };
    const idempotencyKey = submissionKey.start([request.planId, request.amount]);
    if (!idempotencyKey) return;
    setError(undefined);
    try {
      await invest.mutateAsync({ ...request, idempotencyKey });
      submissionKey.finish(true);
      onOpenChange(false);
      await navigate('/user/my-plans');
    } catch (failure) {
      submissionKey.finish(false);
      setError(errorMessage(failure));
    }
  };

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
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <FormError message={error} />
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
