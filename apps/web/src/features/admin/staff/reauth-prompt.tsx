import { type ReauthenticateRequest, ReauthenticateRequestSchema } from '@vestora/shared';
import { reauthenticateRoute } from '@vestora/shared/routes';
import { useState } from 'react';
import { ApiError, callApi, errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';

const EMPTY: ReauthenticateRequest = { password: '', code: '' };

/**
 * Asks for the password (and the second factor when the account has one) and confirms it with the
 * server; `onDone(true)` once it is accepted, `onDone(false)` when the person cancels.
 */
export function ReauthDialog({ onDone }: { onDone: (isConfirmed: boolean) => void }) {
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ReauthenticateRequestSchema, { defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (proof) => {
    try {
      await callApi(reauthenticateRoute, { body: proof.code ? proof : { password: proof.password } });
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.details.twoFactorRequired === true) setIsCodeAsked(true);
      setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onDone(false);
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
          onCancel={() => onDone(false)}
        />
      </form>
    </Modal>
  );
}
