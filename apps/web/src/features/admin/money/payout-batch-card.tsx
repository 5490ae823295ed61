import {
  formatBaseUnits,
  type PayoutBatch,
  payoutBatchNodeRefusedMessage,
  SignedPayoutBatchRequestSchema,
} from '@vestora/shared';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField } from '../../../ui/field.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { Notice } from '../../../ui/notice.tsx';
import { TransactionLink } from '../../../ui/transaction-link.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { useCancelPayoutBatch, useSubmitSignedBatch } from './payout-batches-api.ts';
import { downloadPsbt, signedTextOfFile } from './psbt-files.ts';

const btc = (baseUnits: string) => `${formatBaseUnits(baseUnits, 'btc')} BTC`;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Where the batch is, in words. */
function batchStateText({ state, confirmations, requiredConfirmations }: PayoutBatch): string {
  switch (state) {
    case 'open':
      return 'Open: waiting for its signed transaction';
    case 'broadcast':
      return confirmations
        ? `Broadcast, ${confirmations} of ${plural(requiredConfirmations, 'confirmation')}`
        : 'Broadcast, waiting for a block';
    case 'confirmed':
      return 'Confirmed: its withdrawals are paid';
    case 'dropped':
      return 'Dropped: another transaction spent its outputs';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** One output or input of the transaction: its amount, then the address (long: it wraps). */
function Payment({
  amount,
  who,
  address,
  note,
}: {
  amount: string;
  who: string;
  address: string;
  note?: ReactNode;
}) {
  return (
    <li className="rounded-xl bg-slate-50 px-3 py-2 text-sm">
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium text-slate-900">{who}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{amount}</span>
      </p>
      <p className="font-mono text-xs break-all text-slate-700">{address}</p>
      {note && <p className="font-mono text-xs break-all text-slate-500">{note}</p>}
    </li>
  );
}

/** What the transaction pays (each withdrawal, then the change) and what it spends. */
function BatchTransaction({ batch }: { batch: PayoutBatch }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">
          Pays ({plural(batch.withdrawals.length, 'withdrawal')})
        </h3>
        <ul className="space-y-2">
          {batch.withdrawals.map((withdrawal) => (
            <Payment
              key={withdrawal.id}
              who={withdrawal.fullName}
              amount={btc(withdrawal.amountBaseUnits)}
              address={withdrawal.address}
            />
          ))}
          {batch.changeAddress && (
            <Payment
              who="Change to the wallet"
              amount={btc(batch.changeBaseUnits)}
              address={batch.changeAddress}
            />
          )}
        </ul>
        <p className="mt-2 text-sm text-slate-700">
          Fee {btc(batch.feeBaseUnits)} at {batch.feeRateSatPerVbyte} sat/vB
          {batch.changeAddress ? '' : ', no change'}
        </p>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">
          Spends ({plural(batch.inputs.length, 'input')})
        </h3>
        <ul className="space-y-2">
          {batch.inputs.map((input) => (
            <Payment
              key={`${input.txid}:${input.vout}`}
              who="Wallet output"
              amount={btc(input.amountBaseUnits)}
              address={input.address}
              note={`${input.txid}:${input.vout}`}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The unsigned PSBT for the operator's wallet: as a .psbt file, on the clipboard, or to read. */
function UnsignedPsbt({ batch }: { batch: PayoutBatch }) {
  const onCopy = async () => {
    if (await copyText(batch.psbt)) toast.success('PSBT copied.');
    else toast.error('Open "Show the PSBT" and copy it from there.');
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => downloadPsbt(batch.psbt, `payout-${batch.txid.slice(0, 12)}.psbt`)}>
          Download PSBT
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void onCopy()}>
          Copy PSBT
        </Button>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">Show the PSBT (base64)</summary>
        <pre className="mt-2 rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-100">
          {batch.psbt}
        </pre>
      </details>
    </div>
  );
}

/**
 * The signed PSBT (base64) or the raw transaction (hex), pasted or read from the wallet's file, on
 * the shared schema. The server's refusal (not the batch's transaction, not fully signed…) shows
 * above the button.
 */
function SignedBatchForm({ batch }: { batch: PayoutBatch }) {
  const submitSigned = useSubmitSignedBatch();
  const formKey = useDialogKey();
  const fileId = useId();
  const fileHintId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useZodForm(SignedPayoutBatchRequestSchema, { defaultValues: { signed: '' } });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setValue('signed', await signedTextOfFile(file), { shouldDirty: true, shouldValidate: isSubmitted });
    } catch {
      setError('signed', { message: 'This file could not be read: paste its content instead.' });
    }
  };

  const onSubmit = handleSubmit(({ signed }) => {
    submitSigned.mutate(
      { id: batch.id, signed, idempotencyKey: formKey.current() },
      {
        onSuccess: formKey.drop,
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
      <TextAreaField
        label="Signed PSBT or raw transaction"
        rows={4}
        autoComplete="off"
        spellCheck={false}
        placeholder="cHNidP8B… or 0200000001…"
        className="[&_textarea]:font-mono [&_textarea]:text-xs"
        error={errors.signed?.message}
        {...register('signed')}
      />
      <div>
        <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Or read it from a file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".psbt,.txt,text/plain,application/octet-stream"
          aria-describedby={fileHintId}
          onChange={(event) => void onFile(event)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
        <p id={fileHintId} className="mt-1 text-xs text-slate-600">
          The .psbt file your wallet saved, or a text file holding the base64 PSBT or the hex transaction.
        </p>
      </div>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={submitSigned.isPending} className="max-sm:w-full">
        {submitSigned.isPending ? 'Uploading...' : 'Upload signed transaction'}
      </Button>
    </form>
  );
}

/** Gives the batch up after a yes; the refusal (already broadcast…) stays in the dialog. */
function CancelBatch({ batch }: { batch: PayoutBatch }) {
  const cancelBatch = useCancelPayoutBatch();
  const dialogKey = useDialogKey();
  const [isOpen, setIsOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    if (cancelBatch.isPending) return;
    setRefusal(undefined);
    dialogKey.drop();
    setIsOpen(false);
  };
  const onConfirm = () =>
    cancelBatch.mutate(
      { id: batch.id, idempotencyKey: dialogKey.current() },
      { onSuccess: close, onError: (error) => setRefusal(errorMessage(error)) },
    );
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setIsOpen(true)}>
        Cancel batch
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={(open) => !open && close()}
        title="Cancel this batch?"
        question="Its withdrawals wait for a batch again and its outputs are free for the next one. Do not relay a copy your wallet has already signed."
        confirmLabel="Cancel batch"
        busyLabel="Cancelling..."
        variant="danger"
        isBusy={cancelBatch.isPending}
        onConfirm={onConfirm}
      >
        <FormError message={refusal} />
      </ConfirmDialog>
    </>
  );
}

/**
 * One live batch. Open: its transaction, the PSBT to sign, the form for the signed one and Cancel
 * (for staff who pay). On chain: its confirmations, its transaction on the explorer and, when the
 * node refused it, that answer as a warning: the batch is followed in blocks all the same.
 */
export function PayoutBatchCard({ batch, canPay }: { batch: PayoutBatch; canPay: boolean }) {
  const isOpen = batch.state === 'open';
  return (
    <CardSection
      title={`Batch ${batch.txid.slice(0, 8)}…`}
      description={`${plural(batch.withdrawals.length, 'withdrawal')}, created ${formatDateTime(batch.createdAt)}`}
      actions={isOpen && canPay ? <CancelBatch batch={batch} /> : undefined}
      className="p-4 sm:p-5"
    >
      <div className="space-y-4">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">State</dt>
            <dd className="font-semibold text-slate-900">{batchStateText(batch)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Transaction</dt>
            <dd className="text-xs">
              {isOpen ? (
                <span className="font-mono break-all text-slate-800">{batch.txid}</span>
              ) : (
                <TransactionLink txId={batch.txid} txUrl={batch.txUrl} />
              )}
            </dd>
          </div>
        </dl>
        {batch.nodeAnswer !== null && (
          <Notice tone="warning" role="status">
            {payoutBatchNodeRefusedMessage(batch.nodeAnswer)}
          </Notice>
        )}
        <BatchTransaction batch={batch} />
        {isOpen && (
          <div className="space-y-4 border-t border-slate-200 pt-4">
            <UnsignedPsbt batch={batch} />
            {canPay && <SignedBatchForm batch={batch} />}
          </div>
        )}
      </div>
    </CardSection>
  );
}
