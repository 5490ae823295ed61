import { type MailChoices, MailChoicesSchema } from '@vestora/shared';
import { useEffect, useId } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useMailChoices, useSetMailChoices } from './mail-alerts-api.ts';

const CHOICES: { key: keyof MailChoices; label: string; hint: string }[] = [
  { key: 'deposits', label: 'Deposits', hint: 'A deposit approved, credited or declined.' },
  { key: 'withdrawals', label: 'Withdrawals', hint: 'A withdrawal requested, paid or declined.' },
  { key: 'adjustments', label: 'Adjustments', hint: 'An administrator credits or debits your balance.' },
];

/** Security: which money e-mails come; the security ones always do. */
export function AlertPreferencesPanel() {
  const { data } = useMailChoices();
  const saveChoices = useSetMailChoices();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(MailChoicesSchema);
  const idPrefix = useId();
  const saved = data?.data;
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);

  const onSubmit = handleSubmit(async (choices) => {
    await saveChoices
      .mutateAsync(choices)
      .catch((failure: unknown) => setError('root', { message: errorMessage(failure) }));
  });

  return (
    <section
      aria-labelledby="mail-choices"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="mail-choices" className="font-semibold text-slate-900">
        E-mail alerts
      </h2>
      <p className="text-sm text-slate-600">
        Security e-mails (new sign-ins, password, e-mail and two-factor changes, new withdrawal addresses)
        always come. Choose the money e-mails you want:
      </p>
      <form className="mt-3" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={!saved || saveChoices.isPending} className="space-y-2">
          <legend className="sr-only">Money e-mails</legend>
          {CHOICES.map(({ key, label, hint }) => (
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
          <Button type="submit">{saveChoices.isPending ? 'Saving…' : 'Save e-mail choices'}</Button>
        </fieldset>
        <FormError message={errors.root?.message} />
      </form>
    </section>
  );
}
