import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf, QueryInputOf } from '@vestora/shared';
import {
  liabilitySnapshotsRoute,
  registerReserveRoute,
  removeReserveRoute,
  reserveChallengeRoute,
  reservesRoute,
  takeLiabilitySnapshotRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export type ReserveRequest = BodyInputOf<ContractOf<typeof registerReserveRoute>>;
type ChallengeQuery = QueryInputOf<ContractOf<typeof reserveChallengeRoute>>;

/** The reserve addresses the next snapshot counts. */
export function useReserves() {
  return useQuery(routeQuery(reservesRoute));
}

/**
 * Takes and signs a snapshot now; the public page's list (shown here too) reloads with it. A refusal
 * is toasted: the button has no form to show it in.
 */
export function useTakeSnapshot() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => callApi(takeLiabilitySnapshotRoute),
    waitMessage: () => 'Reading the reserves and signing the snapshot…',
    isErrorToasted: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(liabilitySnapshotsRoute) }),
  });
}

/** Today's text to sign for an address (and its account key): it names the platform, the address and the date. */
export function useReserveChallenge() {
  return useMutation({
    mutationFn: (query: ChallengeQuery) => callApi(reserveChallengeRoute, { query }),
  });
}

function useReloadReserves() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf(reservesRoute) });
}

export function useRegisterReserve() {
  const reloadReserves = useReloadReserves();
  return useToastMutation({
    mutationFn: (body: ReserveRequest) => callApi(registerReserveRoute, { body }),
    onSuccess: reloadReserves,
  });
}

export function useRemoveReserve() {
  const reloadReserves = useReloadReserves();
  return useToastMutation({
    mutationFn: (id: string) => callApi(removeReserveRoute, { params: { id } }),
    onSuccess: reloadReserves,
  });
}
