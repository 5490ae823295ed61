import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTransaction, Page, TransactionStatus } from '@vestora/shared';
import { apiRequest, newIdempotencyKey } from '../../app/api.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionsQuery {
  page: number;
  status: TransactionStatus | '';
  type: AdminTransaction['type'] | '';
}

export function useTransactions({ page, status, type }: TransactionsQuery) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(TRANSACTIONS_PAGE_SIZE) });
  if (status) params.set('status', status);
  if (type) params.set('type', type);
  return useQuery({
    queryKey: ['admin', 'transactions', { page, status, type }],
    queryFn: ({ signal }) =>
      apiRequest<Page<AdminTransaction>>(`/api/admin/allTransactions?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

interface Decision {
  /** e.g. `/api/admin/approveDeposit/{id}`. */
  path: string;
  body?: Record<string, string>;
}

/**
 * Approves or declines a deposit or a withdrawal. Each submission carries its own Idempotency-Key,
 * and afterwards every admin list reloads: lists, balances and the withdrawal queue all change.
 */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: Decision) =>
      apiRequest<{ message: string }>(path, { method: 'PUT', body, idempotencyKey: newIdempotencyKey() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
