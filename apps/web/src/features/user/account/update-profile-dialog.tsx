import {
  isNewEmail,
  type ProfileDetails,
  type ProfileForm,
  profileFormSchema,
  type TradeUser,
} from '@vestora/shared';
import { useMemo, useRef, useState } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../client/api.ts';
import { useHasPasskeys } from '../../../shell/passkeys-query.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, TextField } from '../../../ui/field.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { proofFailureMessage, usePasskeyConfirmation } from '../../../ui/use-proof-form.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { PasskeyInsteadButton } from '../security/passkey-instead-button.tsx';
import { useTwoFactorStatus } from '../security/two-factor-api.ts';
import { useUpdateProfile } from './account-api.ts';

function formValues(user: TradeUser, details: ProfileDetails | undefined): ProfileForm {
  return {
    userName: user.userName,
    fullName: user.fullName,
    email: user.email,
    phone: details?.phone ?? '',
    dateOfBirth: details?.dateOfBirth ?? '',
    address: details?.address ?? '',
    postalCode: details?.postalCode ?? '',
    country: details?.country ?? '',
    password: '',
    code: '',
  };
}

/** The fields a profile update changes; the others (password, code) only prove an e-mail change. */
const PROFILE_FIELDS = [
  'userName',
  'fullName',
  'email',
  'phone',
  'dateOfBirth',
  'address',
  'postalCode',
  'country',
] as const satisfies readonly (keyof ProfileForm)[];

/** A refused field may sit on the tab not shown: that tab is brought forward, so its error is seen. */
function showTabOfFirstProblem(form: HTMLFormElement | null, errors: FieldErrors<ProfileForm>) {
  showTabOf(form, Object.keys(errors)[0]);
}

function showTabOf(form: HTMLFormElement | null, field: string | undefined) {
  const control = field ? form?.elements.namedItem(field) : null;
  const panel = control instanceof Element ? control.closest<HTMLElement>('[role="tabpanel"]') : null;
  const tabId = panel?.hidden ? panel.getAttribute('aria-labelledby') : null;
  if (tabId) document.getElementById(tabId)?.click();
}

export function UpdateProfileDialog({
  user,
  details,
  open,
  onOpenChange,
}: {
  user: TradeUser;
  details: ProfileDetails | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const updateProfile = useUpdateProfile();
  const twoFactor = useTwoFactorStatus({ enabled: open });
  const hasPasskeys = useHasPasskeys({ enabled: open });
  const passkey = usePasskeyConfirmation();
  // The server has the last word: a code it asks for is shown even if the status here is stale.
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const isSecondFactorOn = twoFactor.data?.data.isEnabled === true || isCodeAsked;
  const schema = useMemo(
    () => profileFormSchema({ currentEmail: user.email, isSecondFactorOn }),
    [user.email, isSecondFactorOn],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getValues,
    getFieldState,
    control,
    formState: { errors },
  } = useZodForm(schema, { values: formValues(user, details) });
  const isEmailChange = isNewEmail(useWatch({ control, name: 'email' }), user.email);
  const isCodeNeeded = isEmailChange && isSecondFactorOn;
  const formRef = useRef<HTMLFormElement>(null);

  const close = (isOpen: boolean) => {
    if (isOpen) return onOpenChange(true);
    setIsCodeAsked(false);
    reset(formValues(user, details));
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(
    async (request) => {
      try {
        await updateProfile.mutateAsync(request);
        setIsCodeAsked(false);
        onOpenChange(false);
      } catch (failure) {
        if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setIsCodeAsked(true);
        setError('root', { message: errorMessage(failure) });
      }
    },
    (refused) => showTabOfFirstProblem(formRef.current, refused),
  );

  // A passkey instead of the password and code: the profile's own fields are checked as the form
  // checks them, then the browser's prompt, then the update with the passkey's answer.
  const onUsePasskey = async () => {
    if (!(await trigger(PROFILE_FIELDS))) {
      showTabOf(
        formRef.current,
        PROFILE_FIELDS.find((field) => getFieldState(field).invalid),
      );
      return;
    }
    const { password: _password, code: _code, ...profile } = getValues();
    try {
      await passkey.confirm((proof) => updateProfile.mutateAsync({ ...profile, ...proof }));
      setIsCodeAsked(false);
      onOpenChange(false);
    } catch (failure) {
      setError('root', { message: proofFailureMessage(failure) });
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title="Update Profile">
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={updateProfile.isPending || passkey.isConfirming}>
          <legend className="sr-only">Profile details</legend>
          <Tabs
            label="Profile sections"
            tabs={[
              {
                label: 'Personal',
                content: (
                  <div className="space-y-4">
                    <TextField
                      label="Username"
                      autoComplete="username"
                      error={errors.userName?.message}
                      {...register('userName')}
                    />
                    <TextField
                      label="Fullname"
                      autoComplete="name"
                      error={errors.fullName?.message}
                      {...register('fullName')}
                    />
                    <TextField
                      label="Email"
                      type="email"
                      autoComplete="email"
                      error={errors.email?.message}
                      {...register('email')}
                    />
                    <TextField
                      label="Phone No"
                      type="tel"
                      autoComplete="tel"
                      error={errors.phone?.message}
                      {...register('phone')}
                    />
                    <TextField
                      label="Date of Birth"
                      placeholder="DD/MM/YYYY"
                      inputMode="numeric"
                      autoComplete="bday"
                      error={errors.dateOfBirth?.message}
                      {...register('dateOfBirth')}
                    />
                  </div>
                ),
              },
              {
                label: 'Address',
                content: (
                  <div className="space-y-4">
                    <TextField
                      label="Address"
                      autoComplete="street-address"
                      error={errors.address?.message}
                      {...register('address')}
                    />
                    <TextField
                      label="Postal"
                      autoComplete="postal-code"
                      error={errors.postalCode?.message}
                      {...register('postalCode')}
                    />
                    <TextField
                      label="Country"
                      autoComplete="country-name"
                      error={errors.country?.message}
                      {...register('country')}
                    />
                  </div>
                ),
              },
            ]}
          />
          {isEmailChange && (
            <div className="mt-4 space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-3">
              <p className="text-sm text-amber-900">
                Changing your e-mail address needs your current password; we'll tell your old address.
              </p>
              <CurrentPasswordField error={errors.password?.message} {...register('password')} />
              {isCodeNeeded && (
                <TextField
                  label="Code from the app, or a recovery code"
                  autoComplete="one-time-code"
                  error={errors.code?.message}
                  {...register('code')}
                />
              )}
              {hasPasskeys && (
                <PasskeyInsteadButton isBusy={passkey.isConfirming} onClick={() => void onUsePasskey()} />
              )}
            </div>
          )}
          <div className="mt-4">
            <FormError message={errors.root?.message} />
          </div>
          <FormActions
            submitLabel="UPDATE"
            busyLabel="UPDATING..."
            isBusy={updateProfile.isPending}
            onCancel={() => close(false)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
