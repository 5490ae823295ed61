import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuorumKind, StaffRole } from '@vestora/shared';
import { setQuorumRoute, setStaffRolesRoute, staffRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidatePendingChanges } from '../approvals/pending-changes-query.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';
import { invalidateUsers } from '../users/users-api.ts';

export function useStaff() {
  return useQuery({
    queryKey: queryKeyOf(staffRoute),
    queryFn: ({ signal }) => callApi(staffRoute, { signal }),
  });
}

/** The same answer as the staff list's, its policy rules as the rows of a table. */
export function useApprovalPolicy() {
  return useQuery({
    queryKey: queryKeyOf(staffRoute),
    queryFn: ({ signal }) => callApi(staffRoute, { signal }),
    select: ({ policy }) => ({ data: policy }),
  });
}

export const invalidateStaff = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeyOf(staffRoute) });

/**
 * What a change of staff or policy touches: the staff list, the waiting changes (it may be one),
 * the user list's Admin badges, and the checklist's count of administrators without a second factor.
 */
function reloadAfterStaffChange(queryClient: QueryClient) {
  return Promise.all([
    invalidateStaff(queryClient),
    invalidateUsers(queryClient),
    invalidatePendingChanges(queryClient),
    invalidateSetupChecklist(queryClient),
  ]);
}

/** The server's message says whether the roles apply now or wait for other owners. */
export function useSetStaffRoles() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: StaffRole[] }) =>
      callApi(setStaffRolesRoute, { params: { id: userId }, body: { roles } }),
    onSettled: () => reloadAfterStaffChange(queryClient),
  });
}

export function useSetQuorum() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: { kind: QuorumKind; quorum: number }) => callApi(setQuorumRoute, { body }),
    onSettled: () => reloadAfterStaffChange(queryClient),
  });
}
