import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addGatewayRoute,
  adminGatewaysRoute,
  deleteGatewayRoute,
  pendingAdminChangesRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';

export function useGateways() {
  return useQuery({
    queryKey: queryKeyOf(adminGatewaysRoute),
    queryFn: ({ signal }) => callApi(adminGatewaysRoute, { signal }),
  });
}

export function useAddGateway() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: { add: string; type: string; image: File | null }) => {
      const form = new FormData();
      form.set('add', input.add);
      form.set('type', input.type);
      if (input.image) form.set('image', input.image);
      return callApi(addGatewayRoute, { body: form });
    },
    // The answer is the gateway, or a change waiting for another administrator's approval.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
        invalidateSetupChecklist(queryClient),
      ]),
  });
}

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (id: string) => callApi(deleteGatewayRoute, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
        // The last address of a coin gone may undo the checklist's first step.
        invalidateSetupChecklist(queryClient),
      ]),
  });
}
