import {
  MESSAGES,
  type ProfileDetails,
  type TradeUser,
  type UpdateProfileRequest,
  UpdateProfileRequestSchema,
} from '@vestora/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, TextField } from '../../../ui/field.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { useTwoFactorStatus } from '../security/two-factor-api.ts';
import { useUpdateProfile } from './account-api.ts';

type ProfileForm = Required<{ [Field in keyof UpdateProfileRequest]: string }>;

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

/** Compared as the server compares them: a new address hands over the account, so it asks for proof. */
const isNewEmail = (typed: string, current: string) => typed.trim().toLowerCase() !== current.toLowerCase();

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
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, control } = useForm<ProfileForm>({
    values: formValues(user, details),
  });
  const isEmailChange = isNewEmail(useWatch({ control, name: 'email' }), user.email);
  const twoFactor = useTwoFactorStatus({ enabled: open });
  // The server has the last word: a code it asks for is shown even if the status here is stale.
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const isCodeNeeded = isEmailChange && (twoFactor.data?.data.isEnabled === true || isCodeAsked);

  const close = (isOpen: boolean) => {
    if (isOpen) return onOpenChange(true);
    setError(undefined);
    setIsCodeAsked(false);
    reset(formValues(user, details));
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async ({ password, code, ...profile }) => {
    // The shared rules first, so the message matches the server's and nothing is sent in vain.
    const checked = UpdateProfileRequestSchema.safeParse(profile);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MESSAGES.unexpected);
      return;
    }
    if (isEmailChange && password === '') {
      setError(MESSAGES.emailChangeNeedsPassword);
      return;
    }
    if (isCodeNeeded && code.trim() === '') {
      setError(MESSAGES.twoFactorCodeNeeded);
      return;
    }
    setError(undefined);
    try {
      const proof = isEmailChange ? { password, ...(isCodeNeeded ? { code } : {}) } : {};
      await updateProfile.mutateAsync({ ...profile, ...proof });
      setIsCodeAsked(false);
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.details.twoFactorRequired === true) setIsCodeAsked(true);
      setError(errorMessage(failure));
    }
  });

  return (
    <Modal open={open} onOpenChange={close} title="Update Profile">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={updateProfile.isPending}>
          <legend className="sr-only">Profile details</legend>
          <Tabs
            label="Profile sections"
            tabs={[
              {
                label: 'Personal',
                content: (
                  <div className="space-y-4">
                    <TextField label="Username" autoComplete="username" {...register('userName')} />
                    <TextField label="Fullname" autoComplete="name" {...register('fullName')} />
                    <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
                    <TextField label="Phone No" type="tel" autoComplete="tel" {...register('phone')} />
                    <TextField
                      label="Date of Birth"
                      placeholder="DD/MM/YYYY"
                      inputMode="numeric"
                      autoComplete="bday"
                      {...register('dateOfBirth')}
                    />
                  </div>
                ),
              },
              {
                label: 'Address',
                content: (
                  <div className="space-y-4">
                    <TextField label="Address" autoComplete="street-address" {...register('address')} />
                    <TextField label="Postal" autoComplete="postal-code" {...register('postalCode')} />
                    <TextField label="Country" autoComplete="country-name" {...register('country')} />
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
              <CurrentPasswordField {...register('password')} />
              {isCodeNeeded && (
                <TextField
                  label="Code from the app, or a recovery code"
                  autoComplete="one-time-code"
                  {...register('code')}
                />
              )}
            </div>
          )}
          <div className="mt-4">
            <FormError message={error} />
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
