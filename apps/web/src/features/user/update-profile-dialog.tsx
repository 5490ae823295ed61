import {
  MESSAGES,
  type ProfileDetails,
  type TradeUser,
  type UpdateProfileRequest,
  UpdateProfileRequestSchema,
} from '@vestora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { DialogActions, Modal } from '../../ui/dialog.tsx';
import { FormError, TextField } from '../../ui/field.tsx';
import { useUpdateProfile } from './account-api.ts';
import { Tabs } from './tabs.tsx';

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
  };
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
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset } = useForm<ProfileForm>({ values: formValues(user, details) });

  const close = (isOpen: boolean) => {
    if (isOpen) return onOpenChange(true);
    setError(undefined);
    reset(formValues(user, details));
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (form) => {
    // The shared rules first, so the message matches the server's and nothing is sent in vain.
    const checked = UpdateProfileRequestSchema.safeParse(form);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MESSAGES.unexpected);
      return;
    }
    setError(undefined);
    try {
      const { message } = await updateProfile.mutateAsync(form);
      toast.success(message);
      onOpenChange(false);
    } catch (failure) {
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
          <div className="mt-4">
            <FormError message={error} />
          </div>
          <DialogActions>
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit">{updateProfile.isPending ? 'UPDATING...' : 'UPDATE'}</Button>
          </DialogActions>
        </fieldset>
      </form>
    </Modal>
  );
}
