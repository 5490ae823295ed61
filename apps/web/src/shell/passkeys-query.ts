import { useQuery } from '@tanstack/react-query';
import { passkeysRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../client/api.ts';

/**
 * The signed-in person's passkeys. Staff are people too: the console's confirmation prompt offers a
 * passkey by the same query as the user area, so both share one cache entry.
 */
export function usePasskeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeyOf(passkeysRoute),
    queryFn: ({ signal }) => callApi(passkeysRoute, { signal }),
    enabled,
  });
}

/** Whether the person can confirm with a passkey: dialogs offer "Use a passkey instead" then. */
export function useHasPasskeys({ enabled = true }: { enabled?: boolean } = {}): boolean {
  return (usePasskeys({ enabled }).data?.data.length ?? 0) > 0;
}
