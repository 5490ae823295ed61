import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditQuery {
  page: number;
  action: string;
  targetType: string;
  targetId: string;
}

/** The audit trail, newest first; empty filters are left out of the query. */
export function useAuditLog(query: AuditQuery) {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(AUDIT_PAGE_SIZE) });
  for (const key of ['action', 'targetType', 'targetId'] as const) {
    if (query[key]) params.set(key, query[key]);
  }
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => apiRequest<Page<AuditEntry>>(`/api/admin/audit?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
