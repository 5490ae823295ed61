import { formatCoinConversion, PayoutTransactionRequestSchema, type Withdrawal } from '@vestora/shared';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { DialogActions, FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import type { OpenDecision } from './decision-dialogs.tsx';
import { useRecordPayment, useUnsignedPayout } from './withdrawals-api.ts';

/** The payout act a dialog is open for, or none. */
export type OpenPayoutAct = { kind: 'record' | 'unsigned'; withdrawal: Withdrawal; summary: string } | null;

/**
 * What can be done with an approved withdrawal still waiting for its payment: record the transaction
 * that paid it and see the transaction to sign (where the chain is read), or decline it, which
 * returns the amount to the user.
 */
export function PayoutActions({
  withdrawal,
  summary,
  onAct,
  onDecide,
}: {
  withdrawal: Withdrawal;
  summary: string;
  onAct: (act: OpenPayoutAct) => void;
  onDecide: (decision: OpenDecision) => void;
}) {
  const { isKnown, can } = useStaffPermissions();
  if (withdrawal.payout?.state !== 'awaitingPayment') return <span className="text-slate-500">—</span>;
  if (!isKnown) return null;
  if (!can('money.approve')) return <span className="text-xs text-slate-500">Finance pays</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {withdrawal.isPayoutCheckedOnChain && withdrawal.method === 'btc' && (
        // Bitcoin is paid in batches, one PSBT for many withdrawals.
        <Link
          to="/admin/payouts"
          className="self-center text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline"
        >
          Pay in a batch
        </Link>
      )}
      {withdrawal.isPayoutCheckedOnChain && withdrawal.method !== 'btc' && (
        <>
          <Button size="sm" onClick={() => onAct({ kind: 'record', withdrawal, summary })}>
            Record payment
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAct({ kind: 'unsigned', withdrawal, summary })}
          >
            Unsigned transaction
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onDecide({ kind: 'decline', id: withdrawal._id, summary })}
      >
        Decline
      </Button>
    </div>
  );
}

/** What the withdrawal is owed and where: the payment the transaction must make. */
function OwedPayment({ withdrawal }: { withdrawal: Withdrawal }) {
  const conversion = withdrawal.payout
    ? formatCoinConversion(
        withdrawal.payout.coinAmountBaseUnits,
        withdrawal.payout.usdCentsPerCoin,
        withdrawal.method,
      )
    : null;
  return (
    <dl className="mb-4 space-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      {conversion && (
        <div>
          <dt className="text-xs font-medium text-slate-500">Owed</dt>
          <dd className="text-slate-900">{conversion}</dd>
        </div>
      )}
      <div>
        <dt className="text-xs font-medium text-slate-500">To</dt>
        <dd className="font-mono text-xs break-all text-slate-900">{withdrawal.address}</dd>
      </div>
    </dl>
  );
}

/**
 * Gives the hash of the transaction that paid the withdrawal. The shared schema checks its form
 * before it is sent; the server's refusal (not from a reserve, too little, not mined…) stays in the
 * dialog, and its answer (confirming, or paid) is toasted.
 */
export function RecordPaymentDialog({ act, onClose }: { act: OpenPayoutAct; onClose: () => void }) {
  const recordPayment = useRecordPayment();
  const dialogKey = useDialogKey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(PayoutTransactionRequestSchema, { defaultValues: { txHash: '' } });
  const close = () => {
    if (recordPayment.isPending) return;
    reset();
    dialogKey.drop();
    onClose();
  };
  const onSubmit = handleSubmit(({ txHash }) => {
    if (!act) return;
    recordPayment.mutate(
      { id: act.withdrawal._id, txHash, idempotencyKey: dialogKey.current() },
      { onSuccess: close, onError: (error) => setError('root', { message: errorMessage(error) }) },
    );
  });
  return (
    <Modal
      open={act?.kind === 'record'}
      onOpenChange={(open) => !open && close()}
      title={act ? `Record payment of ${act.summary}` : 'Record payment'}
      description="Once the transaction that paid it is mined, give its hash. It counts only if it pays this address at least the amount owed, from a registered reserve address; the withdrawal is paid once it has its confirmations."
    >
      {act && <OwedPayment withdrawal={act.withdrawal} />}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <TextField
          label="Transaction hash"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          className="[&_input]:font-mono"
          error={errors.txHash?.message}
          {...register('txHash')}
        />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Record payment"
          busyLabel="Checking..."
          isBusy={recordPayment.isPending}
          onCancel={close}
        />
      </form>
    </Modal>
  );
}

/** The transaction any wallet can sign to pay the withdrawal, read from the server when opened. */
export function UnsignedTransactionDialog({ act, onClose }: { act: OpenPayoutAct; onClose: () => void }) {
  const unsigned = useUnsignedPayout(act?.kind === 'unsigned' ? act.withdrawal._id : null);
  const captionId = useId();
  return (
    <Modal
      open={act?.kind === 'unsigned'}
      onOpenChange={(open) => !open && onClose()}
      title={act ? `Unsigned transaction for ${act.summary}` : 'Unsigned transaction'}
      description="Sign it in your wallet with the key of a registered reserve address (the wallet adds its nonce) and send it. Once it is mined, record its hash."
    >
      {act && <OwedPayment withdrawal={act.withdrawal} />}
      <QueryView query={unsigned} loadingLabel="Reading the fees from the node">
        {(transaction) => {
          const text = JSON.stringify(transaction, null, 2);
          return (
            <figure className="space-y-2">
              <figcaption id={captionId} className="text-sm font-medium text-slate-800">
                EIP-1559 fields, fees from the node now
              </figcaption>
              <pre className="rounded-lg bg-slate-900 px-4 py-3 text-xs break-all whitespace-pre-wrap text-slate-100">
                {text}
              </pre>
              <Button
                size="sm"
                variant="secondary"
                aria-describedby={captionId}
                onClick={() =>
                  void copyText(text).then((isCopied) =>
                    isCopied
                      ? toast.success('Transaction copied.')
                      : toast.error('Select the transaction and copy it.'),
                  )
                }
              >
                Copy transaction
              </Button>
            </figure>
          );
        }}
      </QueryView>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Modal>
  );
}
