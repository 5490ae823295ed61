import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, errorMessage } from '../client/api.ts';
import { useZodForm } from './use-zod-form.ts';

/**
 * A dialog's form confirmed with the current password, and with a second-factor code once the
 * server asks for one: the request's shared schema marks the fields, the server's refusal shows in
 * the form, the code field appears after `twoFactorRequired`, and closing the dialog clears all of it.
 */
export function useProofForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  emptyForm: DefaultValues<Input>,
  onOpenChange: (open: boolean) => void,
) {
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const form = useZodForm(schema, { defaultValues: emptyForm });
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

  return { register: form.register, errors, error: errors.root?.message, isCodeAsked, close, submitWith };
}
