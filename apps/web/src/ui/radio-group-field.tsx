import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface RadioGroupFieldProps<Value extends string> {
  legend: string;
  /** Each choice's value and what it says. */
  options: readonly (readonly [Value, string])[];
  /** What `register(name)` gives: every radio of the group shares it. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** The grid the choices sit in (`sm:grid-cols-3` …); one column unless told. */
  gridClassName?: string;
}

/**
 * One choice among a few, each a bordered row a click anywhere on selects; the group's error is
 * announced and tied to every radio, which marks itself invalid while it shows.
 */
export function RadioGroupField<Value extends string>({
  legend,
  options,
  registration,
  error,
  gridClassName = '',
}: RadioGroupFieldProps<Value>) {
  const errorId = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-2 ${gridClassName}`}>
        {options.map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...registration}
              className="mt-0.5 shrink-0 accent-brand-700"
            />
            <span className="min-w-0">{label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
