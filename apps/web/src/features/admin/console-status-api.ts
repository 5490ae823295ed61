import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSecurityRoute, type ReserveStatus } from '@vestora/shared';
import { apiRequest, callApi, queryKeyOf } from '../../app/api.ts';

/** `GET /api/admin/ledger/health`, as the server's ledger service shapes it. */
export interface LedgerHealth {
  isHealthy: boolean;
  /** The sum of every ledger balance; anything but '0' means money appeared or vanished. */
  totalCents: string;
  negativeUserBalances: number;
  mismatchedBalances: number;
  unsettledApprovedDeposits: number;
  unsettledDecidedWithdrawals: number;
  /** Platform account balances in USD, by account kind. */
  platformAccounts: Record<string, number>;
  /** When the server computed this report from the transfers (`?cached=true` answers only). */
  checkedAt?: string;
}

const RESERVE_KEY = ['admin', 'reserve'] as const;
/** The banners sit on every page, so they look again now and then as well as after each change. */
const STATUS_REFRESH_MS = 60_000;

export function useLedgerHealth() {
  return useQuery({
    queryKey: ['admin', 'ledger-health'],
    // A report up to a minute old: recomputing it reads every transfer, and this banner is on every page.
    queryFn: ({ signal }) =>
      apiRequest<{ data: LedgerHealth }>('/api/admin/ledger/health?cached=true', { signal }),
    select: ({ data }) => data,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function useAdminSecurity() {
  return useQuery({
    queryKey: queryKeyOf(adminSecurityRoute),
    queryFn: ({ signal }) => callApi(adminSecurityRoute, { signal }),
    select: ({ data }) => data,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function useReserve() {
  return useQuery({
    queryKey: RESERVE_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: ReserveStatus }>('/api/admin/reserve', { signal }),
    select: ({ data }) => data,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

interface ReserveResponse {
  data: ReserveStatus;
  message: string;
}

/** Funds the yield reserve; the answer is the reserve as it stands after the transfer. */
export function useFundReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; note?: string }) =>
      apiRequest<ReserveResponse>('/api/admin/fundReserve', { method: 'PUT', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RESERVE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'ledger-health'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
