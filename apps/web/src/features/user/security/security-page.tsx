import { type ChangePasswordRequest, ChangePasswordRequestSchema } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { DialogActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, PasswordField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useChangePassword } from '../account/account-api.ts';
import { AccountSettings } from '../account/account-settings.tsx';
import { CloseAccountSection } from '../account/close-account-section.tsx';
import { DataExportSection } from '../account/data-export-section.tsx';
import { VerificationSection } from '../account/verification-section.tsx';
import { AlertPreferencesPanel } from './alert-preferences-panel.tsx';
import { AntiPhishingPanel } from './anti-phishing-panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { LoginHistoryPanel, TwoFactorPanel } from './two-factor-panel.tsx';

type PasswordForm = Required<ChangePasswordRequest>;
const EMPTY_FORM: PasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(ChangePasswordRequestSchema, { defaultValues: EMPTY_FORM });

  const close = () => {
    reset(EMPTY_FORM);
    setError(undefined);
    onOpenChange(false);
  };

  // A submission refused here clears the last answer, so it never shows beside the new problem.
  const onSubmit = handleSubmit(
    async (form) => {
      setError(undefined);
      try {
        const { message } = await changePassword.mutateAsync(form);
        toast.success(message);
        close();
      } catch (failure) {
        setError(errorMessage(failure));
      }
    },
    () => setError(undefined),
  );

  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title="Change Password"
      description="At least 8 characters with uppercase and lowercase letters and a special character. Your other devices are signed out."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={changePassword.isPending} className="space-y-4">
          <legend className="sr-only">Passwords</legend>
          <PasswordField
            label="Old Password"
            toggleLabel="Show old password"
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            {...register('oldPassword')}
          />
          <PasswordField
            label="New Password"
            toggleLabel="Show new password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <PasswordField
            label="Confirm New Password"
            toggleLabel="Show confirmed password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <FormError message={error} />
          <DialogActions>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">{changePassword.isPending ? 'UPDATING...' : 'UPDATE PASSWORD'}</Button>
          </DialogActions>
        </fieldset>
      </form>
    </Modal>
  );
}

export function SecurityPage() {
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  return (
    <AccountSettings>
      <section
        aria-labelledby="password"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div>
          <h2 id="password" className="font-semibold text-slate-900">
            Password
          </h2>
          <p className="text-sm text-slate-600">Changing it signs out every other device.</p>
        </div>
        <Button onClick={() => setIsChangingPassword(true)}>Change Password</Button>
      </section>
      <VerificationSection />
      <TwoFactorPanel />
      <PasskeysPanel />
      <SessionsPanel />
      <AntiPhishingPanel />
      <AlertPreferencesPanel />
      <LoginHistoryPanel />
      <DataExportSection />
      <CloseAccountSection />
      <ChangePasswordDialog open={isChangingPassword} onOpenChange={setIsChangingPassword} />
    </AccountSettings>
  );
}
