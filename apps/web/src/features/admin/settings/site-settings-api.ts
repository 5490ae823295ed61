import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import { siteRoute, updateSiteRoute } from '@vestora/shared/routes';
import { callApi } from '../../../client/api.ts';
import { SITE_KEY } from '../../../shell/site-api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export function useSiteSettingsForEditing() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: ({ signal }) => callApi(siteRoute, { signal }),
  });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof updateSiteRoute>>) => callApi(updateSiteRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SITE_KEY }),
  });
}
