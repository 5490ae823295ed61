import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plan, PlanInput } from '@vestora/shared';
import {
  adminPlansRoute,
  createPlanRoute,
  restorePlanRoute,
  retirePlanRoute,
  updatePlanRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';

/** Every plan, retired ones included, as the catalogue stands. */
export function usePlans() {
  return useQuery({
    queryKey: queryKeyOf(adminPlansRoute),
    queryFn: ({ signal }) => callApi(adminPlansRoute, { signal }),
  });
}

/** Each change reloads the catalogue, the audit trail it was written to and the setup checklist (active plans). */
function usePlanMutation<Variables>(
  request: (variables: Variables) => Promise<{ data: Plan; message: string }>,
  successMessage?: (answer: { data: Plan; message: string }, variables: Variables) => string,
) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: request,
    ...(successMessage ? { successMessage } : {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminPlansRoute) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        invalidateSetupChecklist(queryClient),
      ]),
  });
}

/** Creates a plan without an id, or replaces the terms of the plan with that id. */
export function useSavePlan() {
  return usePlanMutation(({ id, body }: { id: string | null; body: PlanInput }) =>
    id ? callApi(updatePlanRoute, { params: { id }, body }) : callApi(createPlanRoute, { body }),
  );
}

export function useSetPlanStatus() {
  return usePlanMutation(
    ({ id, status }: { id: string; status: Plan['status'] }) =>
      callApi(status === 'retired' ? retirePlanRoute : restorePlanRoute, { params: { id } }),
    ({ data, message }, { status }) => (status === 'active' ? `${data.name} is offered again.` : message),
  );
}
