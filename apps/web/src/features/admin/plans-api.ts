import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanPeriod } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

/** The body of `POST /api/admin/plans` and `PUT /api/admin/plans/:id`: rate in percent, amounts in USD. */
export interface PlanBody {
  name: string;
  rate: number;
  period: PlanPeriod;
  durationDays: number;
  minAmount: number;
  maxAmount: number;
  principalReturn: boolean;
}

interface PlanResponse {
  data: Plan;
  message: string;
}

const PLANS_KEY = ['admin', 'plans'] as const;

/** Every plan, retired ones included, as the catalogue stands. */
export function usePlans() {
  return useQuery({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: Plan[] }>('/api/admin/plans', { signal }),
  });
}

/** Each change reloads the catalogue and the audit trail it was written to. */
function usePlanMutation<Variables>(request: (variables: Variables) => Promise<PlanResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

/** Creates a plan without an id, or replaces the terms of the plan with that id. */
export function useSavePlan() {
  return usePlanMutation(({ id, body }: { id: string | null; body: PlanBody }) =>
    id
      ? apiRequest<PlanResponse>(`/api/admin/plans/${id}`, { method: 'PUT', body })
      : apiRequest<PlanResponse>('/api/admin/plans', { method: 'POST', body }),
  );
}

export function useSetPlanStatus() {
  return usePlanMutation(({ id, status }: { id: string; status: Plan['status'] }) =>
    apiRequest<PlanResponse>(`/api/admin/${status === 'retired' ? 'retirePlan' : 'restorePlan'}/${id}`, {
      method: 'PUT',
    }),
  );
}
