import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import toast from 'react-hot-toast';
import type { $ZodType } from 'zod/v4/core';

interface ZodFormOptions<Input extends FieldValues, Output extends FieldValues>
  extends Omit<UseFormProps<Input, unknown, Output>, 'resolver'> {
  /**
   * For the specification's flows that report a refused submission as a toast (sign-in, sign-up,
   * forgot password, the deposit flows): the schema's first problem, in the schema's own order, is
   * toasted as well as marked on its field. Decision 014.
   */
  isFirstProblemToasted?: boolean;
  /** How long that toast shows, when the flow's own figure differs from an error toast's usual 4 s. */
  problemToastMs?: number;
}

/** The message of the first field error, in the order the schema reported them. */
export function firstProblemOf(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message) return error.message;
    const nested = error && typeof error === 'object' ? firstProblemOf(error as FieldErrors) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The one way a form is written: react-hook-form checked by a shared zod schema. The schema's issues
 * land on the fields they name (which then mark themselves invalid), and after the first submission
 * each edit checks again, so an error goes away as soon as the value is fixed.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  // zod's full build or its mini one (the first pages' forms use mini, to stay small).
  schema: $ZodType<Output, Input>,
  { isFirstProblemToasted = false, problemToastMs, ...options }: ZodFormOptions<Input, Output> = {},
) {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  // One toast per form: a second refused click replaces the first rather than stacking another.
  const toastId = useId();
  const handleSubmit = (onValid: SubmitHandler<Output>, onInvalid?: SubmitErrorHandler<Input>) =>
    form.handleSubmit(onValid, (errors, event) => {
      const problem = isFirstProblemToasted ? firstProblemOf(errors) : undefined;
      if (problem)
        toast.error(problem, { id: toastId, ...(problemToastMs ? { duration: problemToastMs } : {}) });
      return onInvalid?.(errors, event);
    });
  return { ...form, handleSubmit };
}
