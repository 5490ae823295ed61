import {
  type AddWithdrawalAddressRequest,
  AddWithdrawalAddressRequestSchema,
  MESSAGES,
  type WithdrawalAddress,
} from '@vestora/shared';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { ConfirmDialog, FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, OneTimeCodeField, TextField } from '../../../ui/field.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useProofForm } from '../../../ui/use-proof-form.ts';
import { EmailConfirmationNotice } from '../account/email-confirmation-notice.tsx';
import { useProfile } from '../account/profile-api.ts';
import { CoinMark, CoinSelectField } from '../deposit/coin-choice.tsx';
import { formatDateTime } from '../format.ts';
import {
  useAddWithdrawalAddress,
  useRemoveWithdrawalAddress,
  useWithdrawalAddressBook,
} from './withdrawal-addresses-api.ts';

/** When a new address may be used, as the operator's cool-off has it (none at all, or some hours). */
function coolOffSentence(coolOffHours: number | undefined): string {
  if (coolOffHours === undefined) return 'A new one can be used once its waiting period is over';
  if (coolOffHours === 0) return 'A new one can be used at once';
  return `A new one can be used ${coolOffHours === 1 ? '1 hour' : `${coolOffHours} hours`} after you add it`;
}

/** The addresses money may leave to: new ones wait out their cool-off, which the list shows. */
export function WithdrawalAddressBook() {
  const addressBook = useWithdrawalAddressBook();
  const { data, isPending } = addressBook;
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<WithdrawalAddress | null>(null);
  const removeAddress = useRemoveWithdrawalAddress();

  const onRemove = async () => {
    if (!removing) return;
    removeAddress.mutate(removing._id, { onSuccess: () => setRemoving(null) });
  };

  return (
    <CardSection
      title="Withdrawal addresses"
      description={`Money leaves only to these addresses. ${coolOffSentence(data?.coolOffHours)}, and we e-mail you a link that removes it if you did not add it.`}
      actions={
        <Button variant="secondary" onClick={() => setIsAdding(true)}>
          Add address
        </Button>
      }
      aria-busy={isPending}
    >
      <QueryView
        query={addressBook}
        loadingLabel="Loading withdrawal addresses"
        empty={{ when: (answer) => answer.data.length === 0, content: 'No saved addresses yet.' }}
      >
        {(answer) => (
          <ul className="divide-y divide-slate-100" aria-label="Saved addresses">
            {answer.data.map((saved) => (
              <li key={saved._id} className="flex items-start justify-between gap-3 py-3">
                <div className="flex min-w-0 gap-3">
                  <CoinMark coin={saved.coin} />
                  <div className="min-w-0 space-y-0.5">
                    <p className="break-words font-semibold text-slate-900">{saved.label}</p>
                    <p className="break-all font-mono text-xs text-slate-600">{saved.address}</p>
                    {saved.isUsable ? (
                      <p className="text-xs font-medium text-emerald-700">Ready for withdrawals</p>
                    ) : (
                      <p className="text-xs font-medium text-amber-800">
                        Waiting period: usable from {formatDateTime(saved.usableAt)}
                      </p>
                    )}
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${saved.label}`}
                  onClick={() => setRemoving(saved)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <AddAddressDialog open={isAdding} onOpenChange={setIsAdding} coolOffHours={data?.coolOffHours} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove address"
        question={`Remove "${removing?.label ?? ''}"? Withdrawals can no longer go to it.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        isBusy={removeAddress.isPending}
        variant="danger"
        onConfirm={onRemove}
      />
    </CardSection>
  );
}

const EMPTY_FORM: Required<Omit<AddWithdrawalAddressRequest, 'passkey'>> = {
  coin: 'btc',
  address: '',
  label: '',
  password: '',
  code: '',
};

function AddAddressDialog({
  open,
  onOpenChange,
  coolOffHours,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coolOffHours: number | undefined;
}) {
  const addAddress = useAddWithdrawalAddress();
  const { data: user } = useProfile();
  const isEmailUnconfirmed = user?.isEmailConfirmed === false;
  const confirmationId = useId();
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
    <Modal
      open={open}
      onOpenChange={close}
      title="Add a withdrawal address"
      description={`Your current password confirms it is you. ${coolOffSentence(coolOffHours).replace('A new one', 'The address')}.`}
    >
      {user && isEmailUnconfirmed && (
        <EmailConfirmationNotice
          user={user}
          reason={MESSAGES.emailUnconfirmedToSaveAddress}
          id={confirmationId}
          className="mb-4"
        />
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset
          disabled={isEmailUnconfirmed || addAddress.isPending}
          aria-describedby={isEmailUnconfirmed ? confirmationId : undefined}
          className="space-y-4"
        >
          <legend className="sr-only">New address</legend>
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
    </Modal>
  );
}
