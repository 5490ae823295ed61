import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetRatesRequest } from '@vestora/shared';
import { adminRatesRoute, setRatesRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export function useRates() {
  return useQuery({
    queryKey: queryKeyOf(adminRatesRoute),
    queryFn: ({ signal }) => callApi(adminRatesRoute, { signal }),
  });
}

export function useSetRates() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: SetRatesRequest) => callApi(setRatesRoute, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeyOf(adminRatesRoute), { data }),
  });
}
