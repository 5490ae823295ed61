import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminWithdrawalsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

export const WITHDRAWALS_PAGE_SIZE = 20;

/** The queue: withdrawals still waiting for an administrator, newest first. */
export function usePendingWithdrawals(page: number) {
  const query = { status: 'pending', page, pageSize: WITHDRAWALS_PAGE_SIZE } as const;
  return useQuery({
    queryKey: queryKeyOf(adminWithdrawalsRoute, { query }),
    queryFn: ({ signal }) => callApi(adminWithdrawalsRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
