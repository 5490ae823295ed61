import { useQuery } from '@tanstack/react-query';
import { liabilityBalanceRoute, liabilityProofRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

/** The signed-in user's proof in the newest snapshot, or in `snapshotId`. A 404 is an answer, not a glitch. */
export function useLiabilityProof(snapshotId: string | undefined) {
  const query = snapshotId ? { snapshot: snapshotId } : {};
  return useQuery({
    queryKey: queryKeyOf(liabilityProofRoute, { query }),
    queryFn: ({ signal }) => callApi(liabilityProofRoute, { query, signal }),
    select: (answer) => answer.data,
    retry: false,
  });
}

export function useLiabilityBalance() {
  return useQuery({
    queryKey: queryKeyOf(liabilityBalanceRoute),
    queryFn: ({ signal }) => callApi(liabilityBalanceRoute, { signal }),
    select: (answer) => answer.data,
  });
}
