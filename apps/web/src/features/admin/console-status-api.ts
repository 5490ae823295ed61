import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSecurityRoute,
  auditChainRoute,
  fundReserveRoute,
  ledgerHealthRoute,
  reserveRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../client/api.ts';
import { useToastMutation } from '../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from './settings/setup-api.ts';

/** The banners sit on every page, so they look again now and then as well as after each change. */
const STATUS_REFRESH_MS = 60_000;

const CACHED = { cached: 'true' } as const;

export function useLedgerHealth() {
  return useQuery({
    queryKey: queryKeyOf(ledgerHealthRoute, { query: CACHED }),
    // A report up to a minute old: recomputing it reads every transfer, and this banner is on every page.
    queryFn: ({ signal }) => callApi(ledgerHealthRoute, { query: CACHED, signal }),
    select: ({ data }) => data,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/**
 * Verifying the audit log reads every entry, so the console asks less often than for the other
 * banners, and not again on each page it opens; `npm run verify-audit` checks on demand.
 */
const AUDIT_CHAIN_REFRESH_MS = 10 * 60_000;

export function useAuditChain() {
  return useQuery({
    queryKey: queryKeyOf(auditChainRoute),
    queryFn: ({ signal }) => callApi(auditChainRoute, { signal }),
    select: ({ data }) => data,
    staleTime: AUDIT_CHAIN_REFRESH_MS,
    refetchInterval: AUDIT_CHAIN_REFRESH_MS,
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
    queryKey: queryKeyOf(reserveRoute),
    queryFn: ({ signal }) => callApi(reserveRoute, { signal }),
    select: ({ data }) => data,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export interface ReserveFunding {
  amount: number;
  note?: string;
  /** One per opened dialog: a retried request then funds the reserve once. */
  idempotencyKey: string;
}

/** Funds the yield reserve; the answer is the reserve as it stands after the transfer. */
export function useFundReserve() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ idempotencyKey, ...body }: ReserveFunding) =>
      callApi(fundReserveRoute, { body, idempotencyKey }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(reserveRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(ledgerHealthRoute) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        invalidateSetupChecklist(queryClient),
      ]),
  });
}
