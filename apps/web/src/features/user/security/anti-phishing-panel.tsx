import { RevealAntiPhishingCodeRequestSchema, SetAntiPhishingCodeRequestSchema } from '@vestora/shared';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useAntiPhishingCode, useRevealAntiPhishingCode, useSetAntiPhishingCode } from './mail-alerts-api.ts';

/** Security: the code every e-mail to this person shows, so a forged one can be told apart. */
export function AntiPhishingPanel() {
  const { data } = useAntiPhishingCode();
  const setCode = useSetAntiPhishingCode();
  const isSet = data?.data.isSet ?? false;
  // Known here only once revealed with the password, or just saved.
  const current = data?.data.code ?? null;
  const { register, handleSubmit, reset, setError, formState } = useZodForm(
    SetAntiPhishingCodeRequestSchema,
    {
      defaultValues: { code: '' },
    },
  );
  useEffect(() => reset({ code: current ?? '' }), [current, reset]);

  const save = (code: string | null) =>
    setCode.mutateAsync({ code }).catch((failure: unknown) => {
      setError('root', { message: errorMessage(failure) });
    });
  const onSubmit = handleSubmit(async ({ code }) => {
    await save(code);
  });

  return (
    <section
      aria-labelledby="anti-phishing"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="anti-phishing" className="font-semibold text-slate-900">
        Anti-phishing code
      </h2>
      <p className="text-sm text-slate-600">
        Every e-mail we send you shows this code at the top, so an e-mail without it, or with another code, is
        not from us.
      </p>
      <p className="mt-2 text-sm text-slate-800" data-testid="anti-phishing-current">
        {current ? (
          <>
            Your code: <strong className="font-semibold">{current}</strong>
          </>
        ) : isSet ? (
          'Your code is set. It stays hidden until you enter your password.'
        ) : (
          'No code set yet.'
        )}
      </p>
      {isSet && !current && <RevealCodeForm />}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3">
        <fieldset disabled={setCode.isPending} className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Anti-phishing code</legend>
          <TextField
            label="Your anti-phishing code"
            autoComplete="off"
            maxLength={40}
            className="min-w-0 flex-1 basis-56"
            error={formState.errors.code?.message}
            {...register('code')}
          />
          <div className="flex gap-2">
            <Button type="submit">{setCode.isPending ? 'Saving…' : 'Save code'}</Button>
            {isSet && (
              <Button variant="secondary" onClick={() => void save(null)}>
                Remove
              </Button>
            )}
          </div>
        </fieldset>
        <FormError message={formState.errors.root?.message} />
      </form>
    </section>
  );
}

/** The password (and code, once asked) that shows the hidden anti-phishing code. */
function RevealCodeForm() {
  const reveal = useRevealAntiPhishingCode();
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const { register, handleSubmit, setError, formState } = useZodForm(RevealAntiPhishingCodeRequestSchema, {
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit(async ({ password, code }) => {
    try {
      await reveal.mutateAsync({ password, ...(code ? { code } : {}) });
    } catch (failure) {
      if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setIsCodeAsked(true);
      setError('root', { message: errorMessage(failure) });
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3">
      <fieldset disabled={reveal.isPending} className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Show your anti-phishing code</legend>
        <CurrentPasswordField className="min-w-0 flex-1 basis-56" {...register('password')} />
        {isCodeAsked && <OneTimeCodeField className="min-w-0 flex-1 basis-40" {...register('code')} />}
        <Button type="submit" variant="secondary">
          {reveal.isPending ? 'Checking…' : 'Show code'}
        </Button>
      </fieldset>
      <FormError message={formState.errors.root?.message} />
    </form>
  );
}
