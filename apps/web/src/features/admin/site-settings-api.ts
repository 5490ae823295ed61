import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, UpdateSiteSettingsRequest } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

const SITE_KEY = ['site'] as const;

export function useSiteSettingsForEditing() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: SiteSettings }>('/api/site', { signal }),
  });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSiteSettingsRequest) =>
      apiRequest<{ data: SiteSettings; message: string }>('/api/admin/site', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SITE_KEY }),
  });
}
