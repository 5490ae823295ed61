import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminGatewaysRoute,
  approveAdminChangeRoute,
  pendingAdminChangesRoute,
  rejectAdminChangeRoute,
} from '@vestora/shared';
import { callApi, queryKeyOf } from '../../app/api.ts';

export function usePendingChanges() {
  return useQuery({
    queryKey: queryKeyOf(pendingAdminChangesRoute),
    queryFn: ({ signal }) => callApi(pendingAdminChangesRoute, { signal }),
  });
}

export function useDecideChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      callApi(verdict === 'approve' ? approveAdminChangeRoute : rejectAdminChangeRoute, { params: { id } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
      ]);
    },
  });
}
