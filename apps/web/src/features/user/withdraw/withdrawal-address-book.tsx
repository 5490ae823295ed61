import type { WithdrawalAddress } from '@vestora/shared';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { CoinMark } from '../deposit/coin-choice.tsx';
import { formatDateTime } from '../format.ts';
import { AddAddressDialog } from './add-address-dialog.tsx';
import { useRemoveWithdrawalAddress, useWithdrawalAddressBook } from './withdrawal-addresses-api.ts';

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
      <AddAddressDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        usableWhen={coolOffSentence(data?.coolOffHours).replace('A new one', 'The address')}
      />
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
