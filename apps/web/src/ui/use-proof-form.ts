import type { PasskeyAssertion } from '@vestora/shared';
import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, errorMessage } from '../client/api.ts';
import { confirmWithPasskey, PasskeyPromptError } from '../client/passkeys.ts';
import { useZodForm } from './use-zod-form.ts';

/** Why a proof of identity failed, in words: the server's refusal, or the browser's passkey prompt. */
export function proofFailureMessage(failure: unknown): string {
  return failure instanceof PasskeyPromptError ? failure.message : errorMessage(failure);
}

/**
 * Proving who one is with a passkey instead of the password (and code): a `reauthenticate`
 * challenge, answered by the browser's prompt, then `send({ passkey })`. A failure is thrown to the
 * caller, which shows it (`proofFailureMessage`) where it shows the password's refusal.
 */
export function usePasskeyConfirmation() {
  const [isConfirming, setIsConfirming] = useState(false);
  const confirm = async (send: (proof: { passkey: PasskeyAssertion }) => Promise<unknown>) => {
    setIsConfirming(true);
    try {
      await send({ passkey: await confirmWithPasskey({ purpose: 'reauthenticate' }) });
    } finally {
      setIsConfirming(false);
    }
  };
  return { confirm, isConfirming };
}

/**
 * A dialog's form confirmed with the current password, and with a second-factor code once the
 * server asks for one: the request's shared schema marks the fields, the server's refusal shows in
 * the form, the code field appears after `twoFactorRequired`, and closing the dialog clears all of it.
 * `confirmWithPasskey(send)` is the other way in, for a person with a passkey: no field is checked,
 * and a refusal (or a closed prompt) shows where the password's would.
 */
export function useProofForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  emptyForm: DefaultValues<Input>,
  onOpenChange: (open: boolean) => void,
) {
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const form = useZodForm(schema, { defaultValues: emptyForm });
  const passkey = usePasskeyConfirmation();
  const { errors } = form.formState;

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      form.reset(emptyForm);
      setIsCodeAsked(false);
    }
    onOpenChange(isOpen);
  };

  const submitWith = (send: (values: Output) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (failure) {
        if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setIsCodeAsked(true);
        form.setError('root', { message: errorMessage(failure) });
      }
    });

  const confirmWithPasskeyThen = (send: (proof: { passkey: PasskeyAssertion }) => Promise<unknown>) => {
    form.clearErrors();
    return passkey.confirm(send).catch((failure: unknown) => {
      form.setError('root', { message: proofFailureMessage(failure) });
    });
  };

  return {
    register: form.register,
    errors,
    error: errors.root?.message,
    isCodeAsked,
    close,
    submitWith,
    confirmWithPasskey: confirmWithPasskeyThen,
    isConfirmingWithPasskey: passkey.isConfirming,
    /** Shows a refusal that came later, from a step after the proof (the proof is then asked again). */
    showError: (message: string) => form.setError('root', { message }),
  };
}
