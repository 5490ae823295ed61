import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coin, Page, Withdrawal } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { HISTORY_KEY } from './history-api.ts';

export const WITHDRAWALS_PAGE_SIZE = 10;
const WITHDRAWALS_KEY = ['withdrawals'] as const;

export function useWithdrawals(page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(WITHDRAWALS_PAGE_SIZE) });
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, { page }],
    queryFn: ({ signal }) => apiRequest<Page<Withdrawal>>(`/api/user/withdrawals?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface WithdrawalSubmission {
  amount: string;
  method: Coin;
  address: string;
  idempotencyKey: string;
}

/** The amount leaves the available balance at once, so the profile, the list and history all reload. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: WithdrawalSubmission) =>
      apiRequest<{ data: Withdrawal; message: string }>('/api/user/withdraw', {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]),
  });
}
