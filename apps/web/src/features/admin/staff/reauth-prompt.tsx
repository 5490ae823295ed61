import { type ReauthenticateRequest, ReauthenticateRequestSchema } from '@vestora/shared';
import { reauthenticateRoute } from '@vestora/shared/routes';
import { useEffect, useRef, useState } from 'react';
import { ApiError, callApi, errorMessage, setReauthPrompt } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';

const EMPTY: ReauthenticateRequest = { password: '', code: '' };

/**
 * The console's sudo prompt: when the server answers that an act needs the password again, this
 * asks for it (and the second factor when the account has one), and the act is sent once more.
 */
export function ReauthPrompt() {
  const [isOpen, setIsOpen] = useState(false);
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const settle = useRef<((isConfirmed: boolean) => void) | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ReauthenticateRequestSchema, { defaultValues: EMPTY });

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setIsOpen(true);
        }),
    );
    return () => setReauthPrompt(null);
  }, []);

  const finish = (isConfirmed: boolean) => {
    settle.current?.(isConfirmed);
    settle.current = null;
    reset(EMPTY);
    setIsCodeAsked(false);
    setIsOpen(false);
  };

  const onSubmit = handleSubmit(async (proof) => {
    try {
      await callApi(reauthenticateRoute, { body: proof.code ? proof : { password: proof.password } });
      finish(true);
    } catch (error) {
      if (error instanceof ApiError && error.details.twoFactorRequired === true) setIsCodeAsked(true);
      setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isSubmitting) finish(false);
      }}
      title="Confirm it is you"
      description="Acts that move money or change who holds power need your password within the last few minutes, so a stolen session alone can do neither."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <CurrentPasswordField error={errors.password?.message} {...register('password')} />
        {isCodeAsked && <OneTimeCodeField error={errors.code?.message} {...register('code')} />}
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Confirm and continue"
          busyLabel="Checking..."
          isBusy={isSubmitting}
          onCancel={() => finish(false)}
        />
      </form>
    </Modal>
  );
}
