import { type QueryClient, useQuery } from '@tanstack/react-query';
import { pendingAdminChangesRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

/** The navigation's count looks again now and then: a colleague may propose a change meanwhile. */
const PENDING_REFRESH_MS = 60_000;

export function usePendingChanges() {
  return useQuery({
    queryKey: queryKeyOf(pendingAdminChangesRoute),
    queryFn: ({ signal }) => callApi(pendingAdminChangesRoute, { signal }),
    refetchInterval: PENDING_REFRESH_MS,
  });
}

/** After any act that may have proposed a change (a large credit, new staff roles, a policy). */
export const invalidatePendingChanges = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) });
