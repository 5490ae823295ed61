import { useQueryClient } from '@tanstack/react-query';
import {
  adminGatewaysRoute,
  adminWalletsRoute,
  approveAdminChangeRoute,
  rejectAdminChangeRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';
import { invalidateStaff } from '../staff/staff-api.ts';
import { invalidateUsers } from '../users/users-api.ts';
import { invalidatePendingChanges } from './pending-changes-query.ts';

/**
 * Approves or rejects a change. The toasts live here, not in the caller's `mutate`: the change's
 * row unmounts as soon as the list reloads without it, and a caller's callbacks die with it. The
 * success toast is the server's message, which says how many approvals are still missing.
 */
export function useDecideChange() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id, verdict }: { id: string; verdict: 'approve' | 'reject' }) =>
      callApi(verdict === 'approve' ? approveAdminChangeRoute : rejectAdminChangeRoute, { params: { id } }),
    isErrorToasted: true,
    onSettled: async () => {
      // What an applied change may have touched, whichever kind it was.
      await Promise.all([
        invalidatePendingChanges(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminGatewaysRoute) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(adminWalletsRoute) }),
        // A credit moves a balance; new roles change the Admin badges.
        invalidateUsers(queryClient),
        invalidateStaff(queryClient),
        // An approved address or key may complete (or a removal undo) the checklist's first step.
        invalidateSetupChecklist(queryClient),
      ]);
    },
  });
}
