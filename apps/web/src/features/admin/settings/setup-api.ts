import { useQuery } from '@tanstack/react-query';
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
