import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string };

export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, id, className = '', ...props },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input ref={ref} id={inputId} className={INPUT_CLASS} {...props} />
    </div>
  );
});

/** A password input with its own show/hide toggle, named after the field for screen readers. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps & { toggleLabel: string }>(
  function PasswordField({ label, toggleLabel, id, className = '', ...props }, ref) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const [isVisible, setIsVisible] = useState(false);
    return (
      <div className={className}>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="relative">
          <input
            ref={ref}
            id={inputId}
            type={isVisible ? 'text' : 'password'}
            className={`${INPUT_CLASS} pr-11`}
            {...props}
          />
          <button
            type="button"
            aria-label={isVisible ? toggleLabel.replace(/^Show/, 'Hide') : toggleLabel}
            aria-pressed={isVisible}
            onClick={() => setIsVisible((visible) => !visible)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      </div>
    );
  },
);

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, id, className = '', children, ...props },
  ref,
) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select ref={ref} id={selectId} className={INPUT_CLASS} {...props}>
        {children}
      </select>
    </div>
  );
});
