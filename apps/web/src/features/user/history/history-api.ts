import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryType } from '@vestora/shared';
import { userHistoryRoute } from '@vestora/shared/routes';
import { queryKeyOf, routeQuery } from '../../../client/api.ts';
import { refetchWhileUnpaid } from '../../../ui/payout-note.tsx';

export const HISTORY_PAGE_SIZE = 20;
/** The prefix of every page and filter of the history: what a change to the user's money reloads. */
export const HISTORY_KEY = queryKeyOf(userHistoryRoute);

/** One page of everything that touched the user's money, newest first, optionally of one type. */
export function useHistory({ page, type }: { page: number; type: HistoryType | null }) {
  const query = { page, pageSize: HISTORY_PAGE_SIZE, ...(type ? { type } : {}) };
  return useQuery({
    ...routeQuery(userHistoryRoute, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) => refetchWhileUnpaid(state.data?.data),
  });
}
