import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminGatewaysRoute,
  adminWalletsRoute,
  approveAdminChangeRoute,
  pendingAdminChangesRoute,
  rejectAdminChangeRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';

export function usePendingChanges() {
  return useQuery({
    queryKey: queryKeyOf(pendingAdminChangesRoute),
    queryFn: ({ signal }) => callApi(pendingAdminChangesRoute, { signal }),
  });
}

/**
 * Approves or rejects a change. The toasts live here, not in the caller's `mutate`: the change's
 * row unmounts as soon as the list reloads without it, and a caller's callbacks die with it.
 */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      callApi(verdict === 'approve' ? approveAdminChangeRoute : rejectAdminChangeRoute, { params: { id } }),
    isErrorToasted: true,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
        // An approved address or key may complete (or a removal undo) the checklist's first step.
        invalidateSetupChecklist(queryClient),
      ]);
    },
  });
}
