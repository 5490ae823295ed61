import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../client/api.ts';

/**
 * A dialog's form confirmed with the current password, and with a second-factor code once the
 * server asks for one: the refusal shows in the form, the code field appears after
 * `twoFactorRequired`, and closing the dialog clears all of it.
 */
export function useProofForm<Form extends FieldValues>(
  emptyForm: DefaultValues<Form>,
  onOpenChange: (open: boolean) => void,
) {
  const [error, setError] = useState<string>();
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const form = useForm<Form>({ defaultValues: emptyForm });

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      form.reset(emptyForm);
      setError(undefined);
      setIsCodeAsked(false);
    }
    onOpenChange(isOpen);
  };

  const submitWith = (send: (values: Form) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      setError(undefined);
      try {
        await send(values);
      } catch (failure) {
        if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setIsCodeAsked(true);
        setError(errorMessage(failure));
      }
    });

  return { register: form.register, error, isCodeAsked, close, submitWith };
}
