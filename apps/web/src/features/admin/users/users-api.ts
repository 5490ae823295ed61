import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContractOf, ResponseOf, SortOrder, UserSortField } from '@vestora/shared';
import {
  adminLoginHistoryRoute,
  allUsersRoute,
  creditOrDebitRoute,
  deleteUserRoute,
  resetUserTwoFactorRoute,
  setAdministratorRoleRoute,
  suspendUserRoute,
  unsuspendUserRoute,
  verifyUserRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { invalidatePendingChanges } from '../approvals/pending-changes-query.ts';
import { invalidateSetupChecklist } from '../settings/setup-api.ts';
import { reloadUserDetail } from './user-detail-api.ts';

export const USERS_PAGE_SIZE = 20;

export interface UsersQuery {
  page: number;
  q: string;
  sort: UserSortField;
  order: SortOrder;
}

type UserResponse = ResponseOf<ContractOf<typeof verifyUserRoute>>;

/**
 * Under /api/user in the specification, but a console answer: kept under `['admin']`, so every
 * console change that moves money (a deposit approved) reloads it too.
 */
const USERS_KEY = ['admin', ...queryKeyOf(allUsersRoute)];

/** Reloads the user list, after a change made elsewhere in the console (an approved credit). */
export const invalidateUsers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: USERS_KEY });

export function useUsers({ page, q, sort, order }: UsersQuery) {
  const query = { page, pageSize: USERS_PAGE_SIZE, q: q || undefined, sort, order };
  return useQuery({
    queryKey: ['admin', ...queryKeyOf(allUsersRoute, { query })],
    queryFn: ({ signal }) => callApi(allUsersRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A person's sign-ins, as the console's dialog shows them. */
export const loginHistoryQueryKey = (userId: string) =>
  queryKeyOf(adminLoginHistoryRoute, { params: { id: userId } });

/**
 * Every act on a user changes what the list shows, so each one reloads it; the setup checklist too,
 * since a new, suspended or removed administrator changes who still lacks a second factor; and the
 * waiting changes, since a large credit or an act on staff may wait there for approval.
 */
function useUserMutation<Variables>(request: (variables: Variables) => Promise<UserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        invalidateUsers(queryClient),
        invalidateSetupChecklist(queryClient),
        invalidatePendingChanges(queryClient),
      ]),
  });
}

export function useVerifyUser() {
  return useUserMutation((userId: string) => callApi(verifyUserRoute, { params: { id: userId } }));
}

export function useSetAdministratorRole() {
  return useUserMutation(
    ({ userId, isAdmin, password }: { userId: string; isAdmin: boolean; password: string }) =>
      callApi(setAdministratorRoleRoute, { params: { id: userId }, body: { isAdmin, password } }),
  );
}

export function useSetSuspended() {
  return useUserMutation(({ userId, suspended }: { userId: string; suspended: boolean }) =>
    callApi(suspended ? suspendUserRoute : unsuspendUserRoute, { params: { id: userId } }),
  );
}

export function useDeleteUser() {
  return useUserMutation((userId: string) => callApi(deleteUserRoute, { params: { id: userId } }));
}

export interface CreditOrDebit {
  userId: string;
  mode: 'credit' | 'debit';
  amount: string;
  reason: string;
  /** One per opened dialog: a retried request then moves the money once. */
  idempotencyKey: string;
}

export function useCreditOrDebit() {
  return useUserMutation(({ userId, idempotencyKey, ...body }: CreditOrDebit) =>
    callApi(creditOrDebitRoute, { params: { id: userId }, body, idempotencyKey }),
  );
}

/** Turns off a person's second factor when they lost it; the server ends their sessions and audits it. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(resetUserTwoFactorRoute, { params: { id: userId } }),
    onSettled: (_result, _error, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loginHistoryQueryKey(userId) }),
        reloadUserDetail(queryClient, userId),
      ]),
  });
}
