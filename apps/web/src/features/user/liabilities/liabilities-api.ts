import { useQuery } from '@tanstack/react-query';
import { liabilityBalanceRoute, liabilityProofRoute } from '@vestora/shared/routes';
import { routeQuery } from '../../../client/api.ts';

/** The signed-in user's proof in the newest snapshot, or in `snapshotId`. A 404 is an answer, not a glitch. */
export function useLiabilityProof(snapshotId: string | undefined) {
  const query = snapshotId ? { snapshot: snapshotId } : {};
  return useQuery({
    ...routeQuery(liabilityProofRoute, { query }),
    select: (answer) => answer.data,
    retry: false,
  });
}

export function useLiabilityBalance() {
  return useQuery({
    ...routeQuery(liabilityBalanceRoute),
    select: (answer) => answer.data,
  });
}
