import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminWalletsRoute,
  type Coin,
  pendingAdminChangesRoute,
  type SetWalletRequest,
  setWalletRoute,
} from '@vestora/shared';
import toast from 'react-hot-toast';
import { callApi, queryKeyOf } from '../../app/api.ts';

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
  return useMutation({
    mutationFn: ({ coin, ...body }: SetWalletRequest & { coin: Coin }) =>
      callApi(setWalletRoute, { params: { coin }, body }),
    // The toast is said here: the card that asked may re-render into its saved state and drop the
    // callbacks of its own `mutate` before they run.
    onSuccess: async ({ message }, { preview }) => {
      if (preview) return;
      toast.success(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
      ]);
    },
  });
}
