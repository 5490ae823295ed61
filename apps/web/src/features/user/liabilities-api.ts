import { useQuery } from '@tanstack/react-query';
import type { LiabilityBalance, LiabilityProof } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { LIABILITIES_KEY } from '../public/liabilities-api.ts';

/** The signed-in user's proof in the newest snapshot, or in `snapshotId`. A 404 is an answer, not a glitch. */
export function useLiabilityProof(snapshotId: string | undefined) {
  return useQuery({
    queryKey: [...LIABILITIES_KEY, 'proof', { snapshotId }],
    queryFn: ({ signal }) =>
      apiRequest<{ data: LiabilityProof }>(
        `/api/user/liabilities/proof${snapshotId ? `?${new URLSearchParams({ snapshot: snapshotId })}` : ''}`,
        { signal },
      ),
    select: (answer) => answer.data,
    retry: false,
  });
}

export function useLiabilityBalance() {
  return useQuery({
    queryKey: [...LIABILITIES_KEY, 'balance'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: LiabilityBalance }>('/api/user/liabilities/balance', { signal }),
    select: (answer) => answer.data,
  });
}
