import { type CloseAccountRequest, CloseAccountRequestSchema } from '@vestora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHasPasskeys } from '../../../shell/passkeys-query.ts';
import { Button } from '../../../ui/button.tsx';
import { DialogActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField } from '../../../ui/field.tsx';
import { useProofForm } from '../../../ui/use-proof-form.ts';
import { useCloseAccount } from '../history/statement-api.ts';
import { PasskeyInsteadButton } from '../security/passkey-instead-button.tsx';

const EMPTY_FORM: Required<Omit<CloseAccountRequest, 'passkey'>> = { password: '', code: '' };

function CloseAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const closeAccount = useCloseAccount();
  const hasPasskeys = useHasPasskeys({ enabled: open });
  const {
    register,
    errors,
    error,
    isCodeAsked,
    close,
    submitWith,
    confirmWithPasskey,
    isConfirmingWithPasskey,
  } = useProofForm(CloseAccountRequestSchema, EMPTY_FORM, onOpenChange);
  const onSubmit = submitWith(({ password, code }) =>
    closeAccount.mutateAsync({ password, ...(code ? { code } : {}) }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={close}
      role="alertdialog"
      title="Close your account"
      description="This cannot be undone. You are signed out everywhere and can no longer sign in."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={closeAccount.isPending || isConfirmingWithPasskey} className="space-y-4">
          <legend className="sr-only">Confirm with your password</legend>
          <CurrentPasswordField error={errors.password?.message} {...register('password')} />
          {isCodeAsked && <OneTimeCodeField error={errors.code?.message} {...register('code')} />}
          {hasPasskeys && (
            <PasskeyInsteadButton
              isBusy={isConfirmingWithPasskey}
              onClick={() => void confirmWithPasskey((proof) => closeAccount.mutateAsync(proof))}
            />
          )}
          <FormError message={error} />
          <DialogActions>
            <Button variant="secondary" onClick={() => close(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger">
              {closeAccount.isPending ? 'Closing...' : 'Close account'}
            </Button>
          </DialogActions>
        </fieldset>
      </form>
    </Modal>
  );
}

/**
 * Closing one's own account, in Settings: possible once the balance is zero and nothing is pending
 * or running (the server says which, if not). The history stays with the operator, and the e-mail
 * address and user name stay with the closed account.
 */
export function CloseAccountSection() {
  const [isClosing, setIsClosing] = useState(false);
  return (
    <section
      aria-labelledby="close-account"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-200 bg-white p-5 shadow-sm"
    >
      <div className="max-w-prose">
        <h2 id="close-account" className="font-semibold text-slate-900">
          Close account
        </h2>
        <p className="text-sm text-slate-600">
          Possible once your balance is zero, with no pending deposit or withdrawal and no active plan. Your
          transaction history is kept for our records, and your e-mail address and user name stay reserved to
          the closed account: they cannot be used to register again. To keep a copy of your movements, export
          your statement from{' '}
          <Link to="/user/history" className="font-medium text-brand-700 underline">
            History
          </Link>{' '}
          first.
        </p>
      </div>
      <Button variant="danger" onClick={() => setIsClosing(true)}>
        Close account
      </Button>
      <CloseAccountDialog open={isClosing} onOpenChange={setIsClosing} />
    </section>
  );
}
