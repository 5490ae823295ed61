import { useQuery } from '@tanstack/react-query';
import type { TradeUser } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { updateSessionUser, useSession } from '../../app/session.ts';

export const profileQueryKey = (userId: string) => ['profile', userId] as const;

/**
 * The signed-in person's record, fetched fresh (the specification reloads it on opening the
 * overview) and written back to the stored session so every screen shows the same figures.
 */
export function useProfile() {
  const session = useSession();
  const userId = session?.tradeUser._id ?? '';
  return useQuery({
    queryKey: profileQueryKey(userId),
    enabled: userId !== '',
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest<{ data: TradeUser }>(`/api/user/userprofile/${userId}`, { signal });
      updateSessionUser(data);
      return data;
    },
    initialData: session?.tradeUser,
    initialDataUpdatedAt: 0,
  });
}
