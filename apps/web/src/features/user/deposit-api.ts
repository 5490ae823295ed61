import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Coin, coinGatewaysRoute, createDepositRoute, MESSAGES } from '@vestora/shared';
import { ApiError, callApi, queryKeyOf } from '../../app/api.ts';
import { updateSessionUser } from '../../app/session.ts';
import { HISTORY_KEY } from './history-api.ts';
import { profileQueryKey } from './profile-api.ts';

/** The wallet to pay for `mode`, always asked afresh: an operator may have just replaced it. */
export function useGateway(mode: Coin) {
  return useQuery({
    queryKey: queryKeyOf(coinGatewaysRoute, { params: { mode } }),
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

/** The answer is the updated profile; history reloads so the new pending deposit shows at once. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
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
