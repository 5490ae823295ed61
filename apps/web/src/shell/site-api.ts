import { useQueryClient } from '@tanstack/react-query';
import type { ContractOf, ResponseOf, SiteRules, SiteSettings } from '@vestora/shared';
import { siteRoute } from '@vestora/shared/routes';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { callApi, queryKeyOf } from '../client/api.ts';

/** The same cache entry the admin site-settings page edits, so a save shows here at once. */
export const SITE_KEY = queryKeyOf(siteRoute);
const STALE_AFTER_MS = 5 * 60_000;

type SiteAnswer = ResponseOf<ContractOf<typeof siteRoute>>;

/**
 * The operator's claims about the firm; pages leave out what is not set. Read through the query
 * client's cache rather than useQuery, whose observer machinery would cost the landing page's first
 * download 2 KB gzipped of its 120 KB budget; these settings change rarely and need no polling.
 * The build prerenders public pages without settings, so a render that adopts that HTML (hydration,
 * including a lazy part hydrated after the settings came) sees none either, then the cached ones.
 */
export function useSiteSettings(): {
  site: SiteSettings | undefined;
  /** The server's limits the forms check before sending. */
  rules: SiteRules | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const queryClient = useQueryClient();
  const answer = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<SiteAnswer>(SITE_KEY),
    () => undefined,
  );
  const [isError, setIsError] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    queryClient
      .fetchQuery({
        queryKey: SITE_KEY,
        queryFn: ({ signal }) => callApi(siteRoute, { signal }),
        staleTime: STALE_AFTER_MS,
      })
      .catch(() => isCurrent && setIsError(true));
    return () => {
      isCurrent = false;
    };
  }, [queryClient]);

  return { site: answer?.data, rules: answer?.rules, isPending: !answer && !isError, isError };
}
