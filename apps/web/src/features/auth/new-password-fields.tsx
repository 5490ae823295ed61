import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '../../ui/field.tsx';

/**
 * A new password typed twice, with the rules it must follow; `label` names the first field
 * ("Password" on sign-up, "New Password" on a reset) and the second is its confirmation.
 */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  error,
  confirmError,
  autoFocus = false,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  /** What is wrong with the new password (the rules name it, or its confirmation). */
  error?: string | undefined;
  /** What is wrong with the confirmation (it differs from the password). */
  confirmError?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={label}
        toggleLabel={`Show ${label.toLowerCase()}`}
        autoComplete="new-password"
        autoFocus={autoFocus}
        error={error}
        {...password}
      />
      <PasswordField
        label={`Confirm ${label}`}
        toggleLabel={`Show confirm ${label.toLowerCase()}`}
        autoComplete="new-password"
        error={confirmError}
        {...confirmPassword}
      />
      <p className="text-xs text-slate-500">
        At least 8 characters with an uppercase letter, a lowercase letter and a special character such as ! @
        # $ %.
      </p>
    </>
  );
}
