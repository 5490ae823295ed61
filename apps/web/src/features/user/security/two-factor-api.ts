import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import {
  disableTwoFactorRoute,
  enableTwoFactorRoute,
  loginHistoryRoute,
  renewRecoveryCodesRoute,
  startTwoFactorSetupRoute,
  twoFactorStatusRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const STATUS_KEY = queryKeyOf(twoFactorStatusRoute);
const LOGIN_HISTORY_QUERY = { pageSize: 20 };

type SecondFactorCheck = BodyInputOf<ContractOf<typeof disableTwoFactorRoute>>;

export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => callApi(twoFactorStatusRoute, { signal }),
    enabled,
  });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => callApi(startTwoFactorSetupRoute) });
}

/** Recovery codes come back in plain text this once; the server keeps only their hashes. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof enableTwoFactorRoute>>) =>
      callApi(enableTwoFactorRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: SecondFactorCheck) => callApi(disableTwoFactorRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

/** New recovery codes after the password and a code; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: SecondFactorCheck) => callApi(renewRecoveryCodesRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useLoginHistory() {
  return useQuery({
    queryKey: queryKeyOf(loginHistoryRoute, { query: LOGIN_HISTORY_QUERY }),
    queryFn: ({ signal }) => callApi(loginHistoryRoute, { query: LOGIN_HISTORY_QUERY, signal }),
  });
}
