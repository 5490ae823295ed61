import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CurrentPasswordField, OneTimeCodeField } from '../../../ui/field.tsx';
import { PasskeyInsteadButton } from './passkey-instead-button.tsx';

type ProofValues = { password: string; code?: string | undefined };

/**
 * How a dialog asks who is at the keyboard (`useProofForm`): the current password, the code once
 * the server asks for it, and a passkey instead of both when the person has one.
 */
export function ProofFields({
  register,
  errors,
  isCodeAsked,
  passkey,
}: {
  register: UseFormRegister<ProofValues>;
  errors: FieldErrors<ProofValues>;
  isCodeAsked: boolean;
  passkey?: { isBusy: boolean; onUse: () => void } | undefined;
}) {
  return (
    <>
      <CurrentPasswordField error={errors.password?.message} {...register('password')} />
      {isCodeAsked && <OneTimeCodeField error={errors.code?.message} {...register('code')} />}
      {passkey && <PasskeyInsteadButton isBusy={passkey.isBusy} onClick={passkey.onUse} />}
    </>
  );
}
