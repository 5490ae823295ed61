import { type QueryClient, useQuery } from '@tanstack/react-query';
import { setupChecklistRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

/** Looked at again on every page visit: each step is done on another page of the console. */
export function useSetupChecklist() {
  return useQuery({
    queryKey: queryKeyOf(setupChecklistRoute),
    queryFn: ({ signal }) => callApi(setupChecklistRoute, { signal }),
    select: ({ data }) => data,
    staleTime: 0,
  });
}

/**
 * Reloads the checklist after a change that may complete (or undo) one of its steps: a gateway or a
 * wallet key saved or removed, a change approved, a plan created or retired, the reserve funded, an
 * administrator added. The checklist sits above every console page, so it must not wait for a reload.
 */
export function invalidateSetupChecklist(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeyOf(setupChecklistRoute) });
}
