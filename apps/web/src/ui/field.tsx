import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

const INPUT_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

/** What a field says is wrong with its value; the field marks itself invalid while it is set. */
interface FieldErrorProps {
  error?: string | undefined;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string } & FieldErrorProps;

/**
 * The attributes that tie a control to its error: `aria-invalid` while it has one, and the error's
 * text added to whatever already describes the control.
 */
function useFieldError(error: string | undefined, describedBy: string | undefined) {
  const errorId = useId();
  return {
    errorId,
    controlProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined,
    },
  };
}

function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    // An alert, so the error is announced when it appears as well as read with the field.
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control it names (which `control` draws with these attributes), and its error. */
function LabelledField({
  label,
  id,
  className,
  error,
  describedBy,
  control,
}: {
  label: string;
  id: string | undefined;
  className: string;
  error: string | undefined;
  describedBy: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const { errorId, controlProps } = useFieldError(error, describedBy);
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id: controlId, ...controlProps })}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, id, className = '', error, 'aria-describedby': describedBy, ...props },
  ref,
) {
  return (
    <LabelledField
      {...{ label, id, className, error, describedBy }}
      control={(control) => <input ref={ref} className={INPUT_CLASS} {...control} {...props} />}
    />
  );
});

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string } & FieldErrorProps;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, id, className = '', error, 'aria-describedby': describedBy, ...props },
  ref,
) {
  return (
    <LabelledField
      {...{ label, id, className, error, describedBy }}
      control={(control) => <textarea ref={ref} className={INPUT_CLASS} {...control} {...props} />}
    />
  );
});

/** A password input with its own show/hide toggle, named after the field for screen readers. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps & { toggleLabel: string }>(
  function PasswordField(
    { label, toggleLabel, id, className = '', error, 'aria-describedby': describedBy, ...props },
    ref,
  ) {
    const [isVisible, setIsVisible] = useState(false);
    return (
      <LabelledField
        {...{ label, id, className, error, describedBy }}
        control={(control) => (
          <div className="relative">
            <input
              ref={ref}
              type={isVisible ? 'text' : 'password'}
              className={`${INPUT_CLASS} pr-11`}
              {...control}
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
        )}
      />
    );
  },
);

/**
 * A form's error. It steps aside as soon as the person edits any field of its form (the error was
 * about what they typed before) and shows again with the next submission's answer.
 */
export function FormError({ message }: { message: string | undefined }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [isStale, setIsStale] = useState(false);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const markStale = () => setIsStale(true);
    const markFresh = () => setIsStale(false);
    form.addEventListener('input', markStale);
    form.addEventListener('submit', markFresh);
    return () => {
      form.removeEventListener('input', markStale);
      form.removeEventListener('submit', markFresh);
    };
  }, []);
  // A new message is news even without a submit event (an answer that arrives later).
  const [shownMessage, setShownMessage] = useState(message);
  if (message !== shownMessage) {
    setShownMessage(message);
    setIsStale(false);
  }
  return (
    <>
      <span ref={anchor} hidden />
      {message && !isStale && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      )}
    </>
  );
}

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string } & FieldErrorProps;

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, id, className = '', children, error, 'aria-describedby': describedBy, ...props },
  ref,
) {
  return (
    <LabelledField
      {...{ label, id, className, error, describedBy }}
      control={(control) => (
        <select ref={ref} className={INPUT_CLASS} {...control} {...props}>
          {children}
        </select>
      )}
    />
  );
});

/** The current password, asked again before a change that could hand the account over. */
export const CurrentPasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'>>(
  function CurrentPasswordField(props, ref) {
    return (
      <PasswordField
        ref={ref}
        label="Current password"
        toggleLabel="Show current password"
        autoComplete="current-password"
        {...props}
      />
    );
  },
);

/** The authenticator or recovery code, asked once the server says the account needs one. */
export const OneTimeCodeField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'>>(
  function OneTimeCodeField(props, ref) {
    return (
      <TextField ref={ref} label="Authenticator or recovery code" autoComplete="one-time-code" {...props} />
    );
  },
);
