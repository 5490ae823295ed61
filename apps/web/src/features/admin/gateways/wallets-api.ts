import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coin, SetWalletRequest } from '@vestora/shared';
import {
  adminWalletsRoute,
  pendingAdminChangesRoute,
  removeWalletRoute,
  setWalletRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';

/** The console's banner reads this on every page too, so it looks again now and then. */
const WALLETS_REFRESH_MS = 60_000;

export function useWallets() {
  return useQuery({
    queryKey: queryKeyOf(adminWalletsRoute),
    queryFn: ({ signal }) => callApi(adminWalletsRoute, { signal }),
    refetchInterval: WALLETS_REFRESH_MS,
  });
}

/** A key saved or removed (or proposed for approval) changes the wallets, the pending changes and the checklist. */
function useReloadWallets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
      invalidateSetupChecklist(queryClient),
    ]);
}

/**
 * Checks a key (preview: the first addresses, nothing saved) or saves it; with another
 * administrator, a new key joins the changes waiting for approval.
 */
export function useSetWallet() {
  const reloadWallets = useReloadWallets();
  return useToastMutation({
    mutationFn: ({ coin, ...body }: SetWalletRequest & { coin: Coin }) =>
      callApi(setWalletRoute, { params: { coin }, body }),
    // A preview only shows the first addresses; nothing was saved to announce.
    successMessage: ({ message }, { preview }) => (preview ? null : message),
    onSuccess: async (_answer, { preview }) => {
      if (!preview) await reloadWallets();
    },
  });
}

/**
 * Removes a coin's key: its depositors go back to the gateway address and proof upload. With
 * another administrator, the removal joins the changes waiting for approval.
 */
export function useRemoveWallet() {
  const reloadWallets = useReloadWallets();
  return useToastMutation({
    mutationFn: (coin: Coin) => callApi(removeWalletRoute, { params: { coin } }),
    onSuccess: reloadWallets,
  });
}
