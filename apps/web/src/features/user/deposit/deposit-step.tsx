import {
  type Coin,
  type DepositDraft,
  type DepositEntryForm,
  type DepositProofForm,
  depositProofFormSchema,
} from '@vestora/shared';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { PayableCoinChoice } from './payable-coin-choice.tsx';

interface StepCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Moves focus to the heading when the step appears after a transition, so screen readers follow. */
  focusOnShow: boolean;
  children: ReactNode;
}

export function StepCard({ title, subtitle, focusOnShow, children }: StepCardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

/** What the server accepts as proof (it checks the bytes; this only narrows the picker). */
const PROOF_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

interface ProofFieldProps {
  label: string;
  onChange: (file: File | null) => void;
  /** Set when the field appears in place of the button that revealed it, which took the focus along. */
  focusOnShow?: boolean;
  error?: string | undefined;
}

export function ProofField({ label, onChange, focusOnShow = false, error }: ProofFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) inputRef.current?.focus();
  }, [focusOnShow]);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={PROOF_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full rounded-lg border border-slate-300 bg-white p-1.5 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        A screenshot or receipt of your transfer: PNG, JPEG, WebP, GIF or PDF.
      </p>
      <FieldProblem id={errorId} error={error} />
    </div>
  );
}

/** A field's error under a control that is not one of ui/field.tsx's (the file input, the coin cards). */
function FieldProblem({ id, error }: { id?: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  );
}

const REQUIRED_PROOF = depositProofFormSchema<File>({ isRequired: true });
const OPTIONAL_PROOF = depositProofFormSchema<File>({ isRequired: false });

/**
 * A payment step's form: the proof (required on /user/depo, a refusal toasted and marked on the
 * field), the answer of the last attempt, Back and the submit button.
 */
export function ProofForm({
  proofLabel,
  isProofRequired,
  focusOnShow = false,
  submitLabel,
  canSubmit,
  isSubmitting,
  error,
  onBack,
  onSubmit,
}: {
  proofLabel: string;
  isProofRequired: boolean;
  focusOnShow?: boolean;
  submitLabel: string;
  canSubmit: boolean;
  isSubmitting: boolean;
  /** Why the last attempt failed, from the server. */
  error: string | undefined;
  onBack: () => void;
  onSubmit: (proof: File | null) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useZodForm(isProofRequired ? REQUIRED_PROOF : OPTIONAL_PROOF, {
    defaultValues: { proof: null } satisfies DepositProofForm<File>,
    isFirstProblemToasted: true,
  });
  const onValid = handleSubmit(({ proof }) => onSubmit(proof));
  return (
    <form onSubmit={(event) => void onValid(event)} noValidate className="space-y-5">
      <Controller
        control={control}
        name="proof"
        render={({ field }) => (
          <ProofField
            label={proofLabel}
            onChange={field.onChange}
            focusOnShow={focusOnShow}
            error={errors.proof?.message}
          />
        )}
      />
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
        <Button type="submit" disabled={!canSubmit || isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** "1 Amount — 2 Payment": where the person is in a deposit flow. */
export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol aria-label="Steps" className="flex items-center gap-2 text-sm">
      {steps.map((label, index) => {
        const isCurrent = index === current;
        const isDone = index < current;
        return (
          <li key={label} aria-current={isCurrent ? 'step' : undefined} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true" className="h-px w-6 bg-slate-300 sm:w-10" />}
            <span
              className={`flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold ${
                isCurrent || isDone ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600'
              }`}
            >
              {index + 1}
            </span>
            <span className={isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function AmountSummary({ amount, coinName }: { amount: string; coinName: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
      <div>
        <dt className="text-slate-600">Amount</dt>
        <dd className="mt-0.5 text-lg font-bold text-slate-900 tabular-nums">{amount}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Pay with</dt>
        <dd className="mt-0.5 text-lg font-bold text-slate-900">{coinName}</dd>
      </div>
    </dl>
  );
}

/** How a flow's amount field reads; `hint`, when given (null while it is unknown), describes it. */
interface AmountFieldProps {
  label: string;
  inputMode: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  hint?: string | null;
}

const EMPTY_ENTRY = { amount: '', coin: null };

/**
 * A deposit page: its title and steps, then the entry step (the amount and one coin, checked by the
 * flow's schema, whose first problem is toasted as well as marked on its field) until its draft is
 * accepted, then the payment. Back keeps the entry as typed; a deposit sent starts over, empty.
 */
export function DepositFlow<C extends Coin>({
  steps,
  entry,
  payment,
}: {
  steps: readonly [string, string];
  entry: {
    title: string;
    subtitle: string;
    submitLabel: string;
    schema: $ZodType<DepositDraft<C>, DepositEntryForm<C>>;
    amountField: AmountFieldProps;
    coinLegend: string;
    coins: readonly C[];
  };
  payment: (draft: DepositDraft<C>, step: { onBack: () => void; onDeposited: () => void }) => ReactNode;
}) {
  const [draft, setDraft] = useState<DepositDraft<C> | null>(null);
  // Whether the person has moved past the first step once, so coming back moves focus to it.
  const [hasMoved, setHasMoved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(entry.schema, { defaultValues: EMPTY_ENTRY, isFirstProblemToasted: true });
  const onSubmit = handleSubmit((accepted) => {
    setHasMoved(true);
    setDraft(accepted);
  });
  const { hint, ...amountField } = entry.amountField;
  const hintId = useId();

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">Deposit</h1>
        <Stepper steps={steps} current={draft ? 1 : 0} />
      </div>
      {draft ? (
        payment(draft, {
          onBack: () => setDraft(null),
          onDeposited: () => {
            reset(EMPTY_ENTRY);
            setDraft(null);
          },
        })
      ) : (
        <StepCard title={entry.title} subtitle={entry.subtitle} focusOnShow={hasMoved}>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
            {hint === undefined ? (
              <TextField
                autoComplete="off"
                {...amountField}
                error={errors.amount?.message}
                {...register('amount')}
              />
            ) : (
              <div>
                <TextField
                  autoComplete="off"
                  {...amountField}
                  aria-describedby={hintId}
                  error={errors.amount?.message}
                  {...register('amount')}
                />
                <p id={hintId} className="mt-1 min-h-4 text-xs text-slate-500">
                  {hint}
                </p>
              </div>
            )}
            <Controller
              control={control}
              name="coin"
              render={({ field, fieldState }) => (
                <div>
                  <PayableCoinChoice
                    legend={entry.coinLegend}
                    coins={entry.coins}
                    value={field.value}
                    onChange={field.onChange}
                  />
                  <FieldProblem error={fieldState.error?.message} />
                </div>
              )}
            />
            <Button type="submit" className="w-full">
              {entry.submitLabel}
            </Button>
          </form>
        </StepCard>
      )}
    </div>
  );
}
