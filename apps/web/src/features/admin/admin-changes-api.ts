import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminGatewaysRoute,
  adminWalletsRoute,
  approveAdminChangeRoute,
  pendingAdminChangesRoute,
  rejectAdminChangeRoute,
} from '@vestora/shared';
import toast from 'react-hot-toast';
import { callApi, errorMessage, queryKeyOf } from '../../app/api.ts';

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
  return useMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      callApi(verdict === 'approve' ? approveAdminChangeRoute : rejectAdminChangeRoute, { params: { id } }),
    onSuccess: ({ message }) => {
      toast.success(message);
    },
    onError: (failed) => {
      toast.error(errorMessage(failed));
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
      ]);
    },
  });
}
