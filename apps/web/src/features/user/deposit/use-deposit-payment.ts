import type { Coin } from '@vestora/shared';
import { useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { useSubmissionKey } from '../submission-key.ts';
import { useCreateDeposit, useDepositAddress, useGateway } from './deposit-api.ts';

/**
 * The payment step of both deposit flows: the user's own chain address when the operator set a
 * wallet for the coin, else the gateway's address (looked up only then), and the deposit sent with
 * its proof once per attempt. `waitMessage` is what the page says while the proof uploads.
 */
export function useDepositPayment({
  coin,
  amount,
  waitMessage,
  onDeposited,
}: {
  coin: Coin;
  amount: string;
  waitMessage: string;
  onDeposited: () => void;
}) {
  const chainAddress = useDepositAddress(coin);
  const gateway = useGateway(coin, !chainAddress.isPending && !chainAddress.data);
  const createDeposit = useCreateDeposit(() => waitMessage);
  const submissionKey = useSubmissionKey();
  const [error, setError] = useState<string>();

  const submit = async (proof: File | null) => {
    const idempotencyKey = submissionKey.start([coin, amount, proof]);
    if (!idempotencyKey) return;
    setError(undefined);
    try {
      await createDeposit.mutateAsync({ mode: coin, amount, proof, idempotencyKey });
      submissionKey.finish(true);
      onDeposited();
    } catch (failure) {
      submissionKey.finish(false);
      setError(errorMessage(failure));
    }
  };

  return { chainAddress, gateway, submit, error, isSubmitting: createDeposit.isPending };
}
