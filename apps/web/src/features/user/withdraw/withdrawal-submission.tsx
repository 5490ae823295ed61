import { PASSKEY_MESSAGES, type PasskeyAssertion } from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from '../../../client/api.ts';
import { usePasskeys } from '../../../shell/passkeys-query.ts';
import { Modal } from '../../../ui/dialog.tsx';
import { useSubmissionKey } from '../submission-key.ts';
import { PasskeyIntentPanel, usePasskeyIntent } from './passkey-intent.tsx';
import { useRequestWithdrawal, type WithdrawalSubmission } from './withdrawals-api.ts';

/** The form's request as checked, before it gets its key and, with passkeys, its assertion. */
export type WithdrawalRequest = Omit<WithdrawalSubmission, 'idempotencyKey' | 'passkey'>;

const isPasskeyRequired = (failure: unknown) =>
  failure instanceof ApiError && failure.details.passkeyRequired === true;

/**
 * Sends the withdrawal form's request: at once, or, for an account with passkeys, once the person
 * has read it in the dialog (`dialog`, for `WithdrawalPasskeyDialog`) and signed it with a passkey
 * bound to exactly that amount and address. Either way the request goes with its Idempotency-Key and
 * the specification's toasts; `onSent` clears the form, `onRefused` shows the refusal beside it.
 */
export function useWithdrawalSubmission({
  onSent,
  onRefused,
}: {
  onSent: (request: WithdrawalRequest) => void;
  onRefused: (message: string) => void;
}) {
  const requestWithdrawal = useRequestWithdrawal();
  const submissionKey = useSubmissionKey();
  const passkeys = usePasskeys();
  const hasPasskeys = (passkeys.data?.data.length ?? 0) > 0;
  const passkeyIntent = usePasskeyIntent();
  const [confirming, setConfirming] = useState<WithdrawalRequest | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);

  const send = async (request: WithdrawalRequest, passkey?: PasskeyAssertion) => {
    const idempotencyKey = submissionKey.start([request.amount, request.method, request.address]);
    if (!idempotencyKey) return;
    try {
      await requestWithdrawal.mutateAsync({ ...request, idempotencyKey, ...(passkey ? { passkey } : {}) });
      submissionKey.finish(true);
      onSent(request);
    } catch (failure) {
      submissionKey.finish(false);
      onRefused(errorMessage(failure));
      // A passkey added since the list was read (in another tab): the server asks for it, so ask.
      if (!passkey && isPasskeyRequired(failure)) {
        await passkeys.refetch();
        await askPasskey(request);
      }
    }
  };

  /** The challenge for this very request; refused, it reads as the withdrawal's own refusal would. */
  const askPasskey = async (request: WithdrawalRequest) => {
    setIsPreparing(true);
    try {
      await passkeyIntent.prepare({ purpose: 'withdrawal', ...request });
      setConfirming(request);
    } catch (failure) {
      toast.error(errorMessage(failure));
      onRefused(errorMessage(failure));
    } finally {
      setIsPreparing(false);
    }
  };

  const closeDialog = () => {
    setConfirming(null);
    passkeyIntent.dismiss();
  };

  const confirm = async () => {
    if (!confirming) return;
    const passkey = await passkeyIntent.sign();
    if (!passkey) return;
    await send(confirming, passkey);
    closeDialog();
  };

  const cancel = () => {
    if (passkeyIntent.isSigning || requestWithdrawal.isPending) return;
    closeDialog();
    toast(PASSKEY_MESSAGES.withdrawalCancelled);
  };

  return {
    submit: (request: WithdrawalRequest) => (hasPasskeys ? askPasskey(request) : send(request)),
    isBusy: isPreparing || requestWithdrawal.isPending,
    dialog: {
      isOpen: confirming !== null,
      intent: passkeyIntent.intent,
      problem: passkeyIntent.problem,
      isSigning: passkeyIntent.isSigning,
      isSending: requestWithdrawal.isPending,
      onConfirm: confirm,
      onCancel: cancel,
    },
  };
}

type DialogState = ReturnType<typeof useWithdrawalSubmission>['dialog'];

/** What the passkey is about to sign for a withdrawal; closing it sends nothing, and says so. */
export function WithdrawalPasskeyDialog({ isOpen, intent, onConfirm, onCancel, ...state }: DialogState) {
  return (
    <Modal
      open={isOpen && intent !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Confirm with your passkey"
      description="Your passkey signs this withdrawal exactly as shown: no other amount or address can use it."
    >
      {intent && (
        <PasskeyIntentPanel
          intent={intent}
          {...state}
          sendingLabel="Processing..."
          onCancel={onCancel}
          onConfirm={() => void onConfirm()}
        />
      )}
    </Modal>
  );
}
