import { type ReauthenticateRequest, ReauthenticateRequestSchema } from '@vestora/shared';
import { reauthenticateRoute } from '@vestora/shared/routes';
import { useState } from 'react';
import { ApiError, callApi, errorMessage } from '../../../client/api.ts';
import { useHasPasskeys } from '../../../shell/passkeys-query.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField } from '../../../ui/field.tsx';
import { proofFailureMessage, usePasskeyConfirmation } from '../../../ui/use-proof-form.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';

const EMPTY: ReauthenticateRequest = { password: '', code: '' };

/**
 * Asks for the password (and the second factor when the account has one), or a passkey instead,
 * and confirms it with the server; `onDone(true)` once it is accepted, `onDone(false)` when the
 * person cancels.
 */
export function ReauthDialog({ onDone }: { onDone: (isConfirmed: boolean) => void }) {
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const hasPasskeys = useHasPasskeys();
  const passkey = usePasskeyConfirmation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ReauthenticateRequestSchema, { defaultValues: EMPTY });

  const onUsePasskey = async () => {
    try {
      await passkey.confirm((proof) => callApi(reauthenticateRoute, { body: proof }));
      onDone(true);
    } catch (error) {
      setError('root', { message: proofFailureMessage(error) });
    }
  };

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
        if (!open && !isSubmitting && !passkey.isConfirming) onDone(false);
      }}
      title="Confirm it is you"
      description="Acts that move money or change who holds power need your password within the last few minutes, so a stolen session alone can do neither."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <CurrentPasswordField error={errors.password?.message} {...register('password')} />
        {isCodeAsked && <OneTimeCodeField error={errors.code?.message} {...register('code')} />}
        {hasPasskeys && (
          <Button
            variant="secondary"
            className="w-full"
            disabled={passkey.isConfirming}
            onClick={() => void onUsePasskey()}
          >
            {passkey.isConfirming ? 'Waiting for your passkey...' : 'Use a passkey instead'}
          </Button>
        )}
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Confirm and continue"
          busyLabel="Checking..."
          isBusy={isSubmitting || passkey.isConfirming}
          onCancel={() => onDone(false)}
        />
      </form>
    </Modal>
  );
}
