import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coin, PasskeyAssertion } from '@vestora/shared';
import { requestWithdrawalRoute, userWithdrawalsRoute, withdrawalLimitsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { refetchWhileUnpaid } from '../../../ui/payout-note.tsx';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { PROFILE_KEY } from '../account/profile-api.ts';
import { HISTORY_KEY } from '../history/history-api.ts';

export const WITHDRAWALS_PAGE_SIZE = 10;

export function useWithdrawals(page: number) {
  const query = { page, pageSize: WITHDRAWALS_PAGE_SIZE };
  return useQuery({
    ...routeQuery(userWithdrawalsRoute, { query }),
    placeholderData: keepPreviousData,
    // An approved withdrawal waits for its transaction, then its confirmations: the list follows it.
    refetchInterval: ({ state }) => refetchWhileUnpaid(state.data?.data),
  });
}

/** The caller's verification level and how much of its withdrawal limits is used. */
export function useWithdrawalLimits() {
  return useQuery(routeQuery(withdrawalLimitsRoute));
}

export interface WithdrawalSubmission {
  amount: string;
  method: Coin;
  address: string;
  idempotencyKey: string;
  /** For an account with passkeys: the assertion bound to exactly this amount and address. */
  passkey?: PasskeyAssertion;
}

/**
 * The amount leaves the available balance at once and counts against the limits, so the profile,
 * the list, the limits and history all reload.
 */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useToastMutation({
    waitMessage: () => 'Submitting your withdrawal...',
    isErrorToasted: true,
    mutationFn: ({ idempotencyKey, ...body }: WithdrawalSubmission) =>
      callApi(requestWithdrawalRoute, { body, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(userWithdrawalsRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(withdrawalLimitsRoute) }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}
