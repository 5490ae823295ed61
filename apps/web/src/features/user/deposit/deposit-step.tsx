import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/field.tsx';

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
}

export function ProofField({ label, onChange, focusOnShow = false }: ProofFieldProps) {
  const inputId = useId();
  const hintId = useId();
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
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full rounded-lg border border-slate-300 bg-white p-1.5 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        A screenshot or receipt of your transfer: PNG, JPEG, WebP, GIF or PDF.
      </p>
    </div>
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

/**
 * A deposit page: its title and steps, then the entry step until its amount and coin are sent
 * (`payment` is the next step, or null before), then the payment.
 */
export function DepositFlow({
  steps,
  entry,
  payment,
}: {
  steps: readonly [string, string];
  entry: {
    title: string;
    subtitle: string;
    submitLabel: string;
    error: string | undefined;
    hasMoved: boolean;
    onSubmit: (event: FormEvent) => void;
    fields: ReactNode;
  };
  payment: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">Deposit</h1>
        <Stepper steps={steps} current={payment ? 1 : 0} />
      </div>
      {payment ?? (
        <StepCard title={entry.title} subtitle={entry.subtitle} focusOnShow={entry.hasMoved}>
          <form onSubmit={entry.onSubmit} noValidate className="space-y-5">
            {entry.fields}
            <FormError message={entry.error} />
            <Button type="submit" className="w-full">
              {entry.submitLabel}
            </Button>
          </form>
        </StepCard>
      )}
    </div>
  );
}
