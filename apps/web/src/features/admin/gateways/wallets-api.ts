import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coin, SetWalletRequest } from '@vestora/shared';
import { adminWalletsRoute, pendingAdminChangesRoute, setWalletRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

/** The console's banner reads this on every page too, so it looks again now and then. */
const WALLETS_REFRESH_MS = 60_000;

export function useWallets() {
  return useQuery({
    queryKey: queryKeyOf(adminWalletsRoute),
    queryFn: ({ signal }) => callApi(adminWalletsRoute, { signal }),
    refetchInterval: WALLETS_REFRESH_MS,
  });
}

/**
 * Checks a key (preview: the first addresses, nothing saved) or saves it; with another
 * administrator, a new key joins the changes waiting for approval.
 */
export function useSetWallet() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ coin, ...body }: SetWalletRequest & { coin: Coin }) =>
      callApi(setWalletRoute, { params: { coin }, body }),
    // A preview only shows the first addresses; nothing was saved to announce.
    successMessage: ({ message }, { preview }) => (preview ? null : message),
    onSuccess: async (_answer, { preview }) => {
      if (preview) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
      ]);
    },
  });
}
