import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Coin, MESSAGES } from '@vestora/shared';
import {
  chainDepositsRoute,
  coinGatewaysRoute,
  createDepositRoute,
  depositAddressRoute,
} from '@vestora/shared/routes';
import { ApiError, callApi, queryKeyOf } from '../../../client/api.ts';
import { updateSessionUser } from '../../../client/session.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { profileQueryKey } from '../account/profile-api.ts';
import { HISTORY_KEY } from '../history/history-api.ts';

/**
 * The wallet to pay for `mode`, always asked afresh: an operator may have just replaced it. Not
 * asked while `isNeeded` is false (the user has their own address for the coin).
 */
export function useGateway(mode: Coin, isNeeded = true) {
  return useQuery({
    queryKey: queryKeyOf(coinGatewaysRoute, { params: { mode } }),
    enabled: isNeeded,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const { data } = await callApi(coinGatewaysRoute, { params: { mode }, signal });
      // The newest wallet of the coin comes first; the server answers 404 when there is none.
      const [gateway] = data;
      if (!gateway) throw new ApiError(MESSAGES.noGatewayForCoin, 404);
      return gateway;
    },
  });
}

export interface DepositSubmission {
  mode: Coin;
  amount: string;
  proof: File | null;
  idempotencyKey: string;
}

/**
 * The answer is the updated profile; history reloads so the new pending deposit shows at once.
 * `waitMessage` is what the page says while the proof uploads.
 */
export function useCreateDeposit(waitMessage: () => string) {
  const queryClient = useQueryClient();
  return useToastMutation({
    waitMessage,
    isErrorToasted: true,
    mutationFn: ({ mode, amount, proof, idempotencyKey }: DepositSubmission) => {
      const form = new FormData();
      form.set('mode', mode);
      form.set('amount', amount);
      if (proof) form.set('image', proof);
      return callApi(createDepositRoute, { body: form, idempotencyKey });
    },
    onSuccess: async ({ data }) => {
      updateSessionUser(data);
      queryClient.setQueryData(profileQueryKey(data._id), data);
      await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    },
  });
}

/**
 * The user's own deposit address of a coin, when the operator has set a wallet for it; `null` when
 * not (404), so the page keeps the gateway address and the proof upload. Kept for the page's life:
 * once a payment is credited the server hands out a fresh address, and this page keeps following
 * the one it showed.
 */
export function useDepositAddress(coin: Coin) {
  return useQuery({
    queryKey: queryKeyOf(depositAddressRoute, { params: { coin } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(depositAddressRoute, { params: { coin }, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** How often the page asks again while a payment is awaited or confirming. */
const CHAIN_POLL_MS = 4000;

/** The user's latest payments seen on chain, asked again every few seconds while the page is open. */
export function useChainDeposits() {
  return useQuery({
    queryKey: queryKeyOf(chainDepositsRoute),
    refetchInterval: CHAIN_POLL_MS,
    queryFn: async ({ signal }) => (await callApi(chainDepositsRoute, { signal })).data,
  });
}
