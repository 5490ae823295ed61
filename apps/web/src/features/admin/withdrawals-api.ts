import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Withdrawal } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export const WITHDRAWALS_PAGE_SIZE = 20;

/** The queue: withdrawals still waiting for an administrator, newest first. */
export function usePendingWithdrawals(page: number) {
  const params = new URLSearchParams({
    status: 'pending',
    page: String(page),
    pageSize: String(WITHDRAWALS_PAGE_SIZE),
  });
  return useQuery({
    queryKey: ['admin', 'withdrawals', { page }],
    queryFn: ({ signal }) => apiRequest<Page<Withdrawal>>(`/api/admin/withdrawals?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
