import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest } from '@vestora/shared';
import { apiKeysRoute, createApiKeyRoute, revokeApiKeyRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeyOf(apiKeysRoute),
    queryFn: ({ signal }) => callApi(apiKeysRoute, { signal }),
  });
}

function useReloadApiKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf(apiKeysRoute) });
}

/** The answer carries the secret, shown once by the page; the toast says to copy it. */
export function useCreateApiKey() {
  const reload = useReloadApiKeys();
  return useToastMutation({
    mutationFn: (body: CreateApiKeyRequest) => callApi(createApiKeyRoute, { body }),
    onSettled: reload,
  });
}

export function useRevokeApiKey() {
  const reload = useReloadApiKeys();
  return useToastMutation({
    mutationFn: (id: string) => callApi(revokeApiKeyRoute, { params: { id } }),
    isErrorToasted: true,
    onSettled: reload,
  });
}
