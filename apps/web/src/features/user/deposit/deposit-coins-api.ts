import { useQuery } from '@tanstack/react-query';
import type { Coin } from '@vestora/shared';
import { depositCoinsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

/**
 * Of `offered`, the coins a deposit can be paid in now (those with a wallet address), in the order
 * given: a coin without one would only fail on the next step.
 */
export function usePayableCoins<C extends Coin>(offered: readonly C[]) {
  return useQuery({
    queryKey: queryKeyOf(depositCoinsRoute),
    queryFn: ({ signal }) => callApi(depositCoinsRoute, { signal }),
    staleTime: 0,
    select: ({ data }) => offered.filter((coin) => data.includes(coin)),
  });
}
