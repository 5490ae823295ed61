import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Investment, Plan } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { HISTORY_KEY } from './history-api.ts';
import { PROFILE_KEY } from './profile-api.ts';

const INVESTMENTS_KEY = ['investments'] as const;

/** The operator's current plan catalogue (retired plans are left out by the server). */
export function usePlans() {
  return useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => apiRequest<{ data: Plan[] }>('/api/plans', { signal }),
  });
}

export function useInvestments() {
  return useQuery({
    queryKey: INVESTMENTS_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: Investment[] }>('/api/user/investments', { signal }),
  });
}

export interface InvestSubmission {
  planId: string;
  amount: string;
  idempotencyKey: string;
}

/** The amount leaves the available balance for the plan, so balances, plans and history reload. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: InvestSubmission) =>
      apiRequest<{ data: Investment; message: string }>('/api/user/invest', {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: INVESTMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}
