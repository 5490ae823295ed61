import { useQuery, useQueryClient } from '@tanstack/react-query';
import { investmentsRoute, investRoute, plansRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { PROFILE_KEY } from '../account/profile-api.ts';
import { HISTORY_KEY } from '../history/history-api.ts';

/** The operator's current plan catalogue (retired plans are left out by the server). */
export function usePlans() {
  return useQuery(routeQuery(plansRoute));
}

export function useInvestments() {
  return useQuery(routeQuery(investmentsRoute));
}

export interface InvestSubmission {
  planId: string;
  amount: string;
  idempotencyKey: string;
}

/** The amount leaves the available balance for the plan, so balances, plans and history reload. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ idempotencyKey, ...body }: InvestSubmission) =>
      callApi(investRoute, { body, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(investmentsRoute) }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}
