import {
  type AddWithdrawalAddressRequest,
  AddWithdrawalAddressRequestSchema,
  MESSAGES,
} from '@vestora/shared';
import { useId, useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../client/api.ts';
import { usePasskeys } from '../../../shell/passkeys-query.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField, TextField } from '../../../ui/field.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { useProofForm } from '../../../ui/use-proof-form.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { EmailConfirmationNotice } from '../account/email-confirmation-notice.tsx';
import { useProfile } from '../account/profile-api.ts';
import { CoinSelectField } from '../deposit/coin-choice.tsx';
import { PasskeyIntentPanel, usePasskeyIntent } from './passkey-intent.tsx';
import { useAddWithdrawalAddress } from './withdrawal-addresses-api.ts';

const EMPTY_FORM: Required<Omit<AddWithdrawalAddressRequest, 'passkey'>> = {
  coin: 'btc',
  address: '',
  label: '',
  password: '',
  code: '',
};

/** The request's own coin, address and label checks, without its password: a passkey stands for it. */
const ADDRESS_FIELDS_SCHEMA = z.object(AddWithdrawalAddressRequestSchema.shape).pick({
  coin: true,
  address: true,
  label: true,
});
type AddressFieldValues = z.input<typeof ADDRESS_FIELDS_SCHEMA>;
const EMPTY_ADDRESS_FIELDS: Required<AddressFieldValues> = { coin: 'btc', address: '', label: '' };

/**
 * A new address, confirmed by the current password (and code), or for an account with passkeys by
 * a passkey bound to that coin and address. The dialog's content unmounts when it closes, so each
 * opening starts from an empty form.
 */
export function AddAddressDialog({
  open,
  onOpenChange,
  usableWhen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** When the new address can be used, as a sentence: "The address can be used at once". */
  usableWhen: string;
}) {
  const { data: user } = useProfile();
  const passkeys = usePasskeys();
  const hasPasskeys = (passkeys.data?.data.length ?? 0) > 0;
  const isEmailUnconfirmed = user?.isEmailConfirmed === false;
  const confirmationId = useId();
  const formProps = {
    onOpenChange,
    isEmailUnconfirmed,
    describedBy: isEmailUnconfirmed ? confirmationId : undefined,
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add a withdrawal address"
      description={
        hasPasskeys
          ? `Your passkey confirms this coin and address. ${usableWhen}.`
          : `Your current password confirms it is you. ${usableWhen}.`
      }
    >
      {user && isEmailUnconfirmed && (
        <EmailConfirmationNotice
          user={user}
          reason={MESSAGES.emailUnconfirmedToSaveAddress}
          id={confirmationId}
          className="mb-4"
        />
      )}
      {passkeys.isPending ? (
        <PageSpinner label="Loading your passkeys" />
      ) : hasPasskeys ? (
        <PasskeyAddressForm {...formProps} />
      ) : (
        <PasswordAddressForm {...formProps} />
      )}
    </Modal>
  );
}

interface AddressFormProps {
  onOpenChange: (open: boolean) => void;
  isEmailUnconfirmed: boolean;
  describedBy: string | undefined;
}

/** The coin, the address and its label: what either way of confirming asks first. */
function AddressFields({
  register,
  errors,
}: {
  register: (name: keyof AddressFieldValues) => UseFormRegisterReturn;
  errors: FieldErrors<AddressFieldValues>;
}) {
  return (
    <>
      <CoinSelectField label="Coin" error={errors.coin?.message} {...register('coin')} />
      <TextField
        label="Address"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="Label"
        autoComplete="off"
        maxLength={60}
        error={errors.label?.message}
        {...register('label')}
      />
    </>
  );
}

function PasswordAddressForm({ onOpenChange, isEmailUnconfirmed, describedBy }: AddressFormProps) {
  const addAddress = useAddWithdrawalAddress();
  const { register, errors, error, isCodeAsked, close, submitWith } = useProofForm(
    AddWithdrawalAddressRequestSchema,
    EMPTY_FORM,
    onOpenChange,
  );
  const onSubmit = submitWith(async ({ code, ...form }) => {
    await addAddress.mutateAsync({ ...form, ...(code ? { code } : {}) });
    close(false);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset
        disabled={isEmailUnconfirmed || addAddress.isPending}
        aria-describedby={describedBy}
        className="space-y-4"
      >
        <legend className="sr-only">New address</legend>
        <AddressFields register={register} errors={errors} />
        <CurrentPasswordField error={errors.password?.message} {...register('password')} />
        {isCodeAsked && <OneTimeCodeField error={errors.code?.message} {...register('code')} />}
        <FormError message={error} />
        <FormActions
          submitLabel="Save address"
          busyLabel="Saving..."
          isBusy={addAddress.isPending}
          onCancel={() => close(false)}
        />
      </fieldset>
    </form>
  );
}

/**
 * The address first, then what the passkey will sign for it (the server's own reading of the coin
 * and address), then the prompt. Back returns to the fields as they were typed.
 */
function PasskeyAddressForm({ onOpenChange, isEmailUnconfirmed, describedBy }: AddressFormProps) {
  const addAddress = useAddWithdrawalAddress();
  const passkeyIntent = usePasskeyIntent();
  const [confirming, setConfirming] = useState<AddressFieldValues | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ADDRESS_FIELDS_SCHEMA, { defaultValues: EMPTY_ADDRESS_FIELDS });

  const onSubmit = handleSubmit(async (fields) => {
    try {
      await passkeyIntent.prepare({ purpose: 'withdrawal-address', ...fields });
      setConfirming(fields);
    } catch (failure) {
      setError('root', { message: errorMessage(failure) });
    }
  });

  const back = () => {
    setConfirming(null);
    passkeyIntent.dismiss();
  };

  const onConfirm = async () => {
    if (!confirming) return;
    const passkey = await passkeyIntent.sign();
    if (!passkey) return;
    try {
      await addAddress.mutateAsync({ ...confirming, passkey });
      onOpenChange(false);
    } catch (failure) {
      back();
      setError('root', { message: errorMessage(failure) });
    }
  };

  if (confirming && passkeyIntent.intent) {
    return (
      <PasskeyIntentPanel
        intent={passkeyIntent.intent}
        problem={passkeyIntent.problem}
        isSigning={passkeyIntent.isSigning}
        isSending={addAddress.isPending}
        sendingLabel="Saving..."
        cancelLabel="Back"
        onCancel={back}
        onConfirm={() => void onConfirm()}
      />
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset
        disabled={isEmailUnconfirmed || isSubmitting}
        aria-describedby={describedBy}
        className="space-y-4"
      >
        <legend className="sr-only">New address</legend>
        <AddressFields register={register} errors={errors} />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Continue"
          busyLabel="Checking..."
          isBusy={isSubmitting}
          onCancel={() => onOpenChange(false)}
        />
      </fieldset>
    </form>
  );
}
