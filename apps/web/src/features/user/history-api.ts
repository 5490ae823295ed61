import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HISTORY_TYPES, HistoryItem, Page } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export type HistoryType = (typeof HISTORY_TYPES)[number];

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_KEY = ['history'] as const;

/** One page of everything that touched the user's money, newest first, optionally of one type. */
export function useHistory({ page, type }: { page: number; type: HistoryType | null }) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(HISTORY_PAGE_SIZE) });
  if (type) params.set('type', type);
  return useQuery({
    queryKey: [...HISTORY_KEY, { page, type }],
    queryFn: ({ signal }) => apiRequest<Page<HistoryItem>>(`/api/user/transactions?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
