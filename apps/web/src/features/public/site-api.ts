import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

/** The same cache entry the admin site-settings page edits, so a save shows here at once. */
const SITE_KEY = ['site'] as const;

/** The operator's claims about the firm; pages leave out what is not set. */
export function useSiteSettings(): { site: SiteSettings | undefined; isPending: boolean; isError: boolean } {
  const { data, isPending, isError } = useQuery({
    queryKey: SITE_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: SiteSettings }>('/api/site', { signal }),
    staleTime: 5 * 60_000,
  });
  return { site: data?.data, isPending, isError };
}
