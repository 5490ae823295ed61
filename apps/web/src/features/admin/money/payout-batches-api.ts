import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, PAYOUT_MESSAGES, type PayoutBatch, type Withdrawal } from '@vestora/shared';
import {
  adminWithdrawalsRoute,
  cancelPayoutBatchRoute,
  createPayoutBatchRoute,
  payoutBatchesRoute,
  signedPayoutBatchRoute,
} from '@vestora/shared/routes';
import { useCallback } from 'react';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

/** How often the page asks again while a batch is on chain: its confirmations, then its leaving. */
const FOLLOW_MS = 5_000;

/** The most approved withdrawals one read brings: the route's largest page. */
const APPROVED_PAGE_SIZE = 200;

const isFollowed = (batches: readonly PayoutBatch[] | undefined) =>
  batches?.some((batch) => batch.state === 'broadcast') ?? false;

/** Open and on-chain batches, newest first, and the node's fee rate; followed while one is on chain. */
export function usePayoutBatches() {
  return useQuery({
    ...routeQuery(payoutBatchesRoute),
    refetchInterval: ({ state }) => (isFollowed(state.data?.data) ? FOLLOW_MS : false),
  });
}

/** An approved Bitcoin withdrawal whose payment no transaction has made yet. */
export const isAwaitingBitcoinPayout = (withdrawal: Withdrawal) =>
  withdrawal.method === 'btc' && withdrawal.payout?.state === 'awaitingPayment';

/**
 * The approved Bitcoin withdrawals waiting for a batch: awaiting their payment and in none of the
 * live batches (`batchedIds`), newest first. Read again with the batches while one is on chain, so a
 * batch another transaction replaced gives its withdrawals back here.
 */
export function useBatchableWithdrawals(batchedIds: ReadonlySet<string>, isFollowing: boolean) {
  const query = { status: 'approved' as const, page: 1, pageSize: APPROVED_PAGE_SIZE };
  const select = useCallback(
    (answer: { data: Withdrawal[] }) => ({
      data: answer.data.filter(
        (withdrawal) => isAwaitingBitcoinPayout(withdrawal) && !batchedIds.has(withdrawal._id),
      ),
    }),
    [batchedIds],
  );
  return useQuery({
    ...routeQuery(adminWithdrawalsRoute, { query }),
    select,
    refetchInterval: isFollowing ? FOLLOW_MS : false,
  });
}

/** The console's answers that a batch changes: the batches and the withdrawals they hold. */
function useReloadPayouts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(payoutBatchesRoute) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWithdrawalsRoute) }),
    ]);
}

interface Keyed {
  /** The form's key: a retry after a lost answer replays the first instead of acting twice. */
  idempotencyKey: string;
}

/**
 * One unsigned PSBT for the chosen withdrawals at a fee rate. It needs a recent password, as
 * approving does: the client asks for it and sends the call again with the same key.
 */
export function useCreatePayoutBatch() {
  const reload = useReloadPayouts();
  return useToastMutation({
    waitMessage: () => MESSAGES.pleaseWait,
    mutationFn: ({
      withdrawalIds,
      feeRate,
      idempotencyKey,
    }: Keyed & { withdrawalIds: string[]; feeRate: number }) =>
      callApi(createPayoutBatchRoute, { body: { withdrawalIds, feeRate }, idempotencyKey }),
    onSuccess: reload,
  });
}

/**
 * Hands the signed batch to the server, which checks it is the batch's own transaction and gives it
 * to the node. A node that refused it is no failure (the batch is followed in blocks all the same):
 * that answer shows as the batch's warning, not as a success toast.
 */
export function useSubmitSignedBatch() {
  const reload = useReloadPayouts();
  return useToastMutation({
    waitMessage: () => MESSAGES.pleaseWait,
    mutationFn: ({ id, signed, idempotencyKey }: Keyed & { id: string; signed: string }) =>
      callApi(signedPayoutBatchRoute, { params: { id }, body: { signed }, idempotencyKey }),
    successMessage: ({ message }) => (message === PAYOUT_MESSAGES.payoutBatchBroadcast ? message : null),
    onSuccess: reload,
  });
}

/** Gives an open batch up: its withdrawals wait for a batch again. */
export function useCancelPayoutBatch() {
  const reload = useReloadPayouts();
  return useToastMutation({
    waitMessage: () => MESSAGES.pleaseWait,
    mutationFn: ({ id, idempotencyKey }: Keyed & { id: string }) =>
      callApi(cancelPayoutBatchRoute, { params: { id }, idempotencyKey }),
    onSuccess: reload,
  });
}
