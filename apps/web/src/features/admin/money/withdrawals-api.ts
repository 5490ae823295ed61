import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type TransactionStatus } from '@vestora/shared';
import { adminWithdrawalsRoute, payoutTransactionRoute, unsignedPayoutRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { refetchWhileUnpaid } from '../../../ui/payout-note.tsx';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export const WITHDRAWALS_PAGE_SIZE = 20;

/**
 * Withdrawals of one status, newest first: the queue waiting for a decision, or those decided. A
 * payout not paid yet is followed to Paid by itself.
 */
export function useWithdrawals(status: TransactionStatus, page: number) {
  const query = { status, page, pageSize: WITHDRAWALS_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeyOf(adminWithdrawalsRoute, { query }),
    queryFn: ({ signal }) => callApi(adminWithdrawalsRoute, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) => refetchWhileUnpaid(state.data?.data),
  });
}

interface PayoutSubmission {
  id: string;
  txHash: string;
  /** The dialog's key: a retry of the same hash replays the first answer. */
  idempotencyKey: string;
}

/**
 * Gives the hash of the transaction that paid an approved withdrawal; the server reads it from the
 * node and answers whether it is paid or confirming. It needs a recent password, as approving does:
 * the client asks for it and sends the call again.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useToastMutation({
    waitMessage: () => MESSAGES.pleaseWait,
    mutationFn: ({ id, txHash, idempotencyKey }: PayoutSubmission) =>
      callApi(payoutTransactionRoute, { params: { id }, body: { txHash }, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The unsigned transaction paying an approved withdrawal, with the node's fees of the moment: read afresh each time it is shown. */
export function useUnsignedPayout(id: string | null) {
  return useQuery({
    ...routeQuery(unsignedPayoutRoute, { params: { id: id ?? '' } }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
  });
}
