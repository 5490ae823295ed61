import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditQuery {
  page: number;
  action: string;
  targetType: string;
  targetId: string;
}

/** Every console change that is audited reloads the trail through this key. */
export const AUDIT_KEY = queryKeyOf(auditLogRoute);

/** The audit trail, newest first; empty filters are left out of the query. */
export function useAuditLog({ page, action, targetType, targetId }: AuditQuery) {
  const query = {
    page,
    pageSize: AUDIT_PAGE_SIZE,
    action: action || undefined,
    targetType: targetType || undefined,
    targetId: targetId || undefined,
  };
  return useQuery({
    queryKey: queryKeyOf(auditLogRoute, { query }),
    queryFn: ({ signal }) => callApi(auditLogRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
