import { useQuery } from '@tanstack/react-query';
import { userProfileRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { updateSessionUser, useSession } from '../../../client/session.ts';

/** The prefix of every profile in the cache: whatever moves money reloads it. */
export const PROFILE_KEY = queryKeyOf(userProfileRoute);
export const profileQueryKey = (userId: string) => queryKeyOf(userProfileRoute, { params: { id: userId } });

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
      const { data } = await callApi(userProfileRoute, { params: { id: userId }, signal });
      updateSessionUser(data);
      return data;
    },
    initialData: session?.tradeUser,
    initialDataUpdatedAt: 0,
  });
}
