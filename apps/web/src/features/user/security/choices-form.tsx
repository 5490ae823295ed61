import { useEffect, useId } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';

export interface Choice<Key extends string> {
  key: Key;
  label: string;
  hint: string;
}

/**
 * On/off choices saved together (which e-mails, which pushes): a checkbox per choice with a line
 * saying what it covers, filled from the saved choices and disabled until they arrive.
 */
export function ChoicesForm<Values extends FieldValues>({
  schema,
  choices,
  saved,
  save,
  isSaving,
  legend,
  submitLabel,
}: {
  schema: $ZodType<Values, Values>;
  choices: Choice<Path<Values>>[];
  saved: Values | undefined;
  save: (choices: Values) => Promise<unknown>;
  isSaving: boolean;
  legend: string;
  submitLabel: string;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(schema);
  const idPrefix = useId();
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);

  const onSubmit = handleSubmit(async (values) => {
    await save(values).catch((failure: unknown) => setError('root', { message: errorMessage(failure) }));
  });

  return (
    <form className="mt-3" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset disabled={!saved || isSaving} className="space-y-2">
        <legend className="sr-only">{legend}</legend>
        {choices.map(({ key, label, hint }) => (
          <label
            key={key}
            htmlFor={`${idPrefix}-${key}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm"
          >
            <input
              id={`${idPrefix}-${key}`}
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-brand-700"
              {...register(key)}
            />
            <span>
              <span className="block font-medium text-slate-800">{label}</span>
              <span className="block text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
        <Button type="submit">{isSaving ? 'Saving…' : submitLabel}</Button>
      </fieldset>
      <FormError message={errors.root?.message} />
    </form>
  );
}
