import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUserRow,
  type AdminUsersPage,
  creditOrDebitRoute,
  type SortOrder,
  type UserSortField,
} from '@vestora/shared';
import { apiRequest, callApi } from '../../app/api.ts';

export const USERS_PAGE_SIZE = 20;

export interface UsersQuery {
  page: number;
  q: string;
  sort: UserSortField;
  order: SortOrder;
}

interface UserResponse {
  data: AdminUserRow;
  message: string;
}

const USERS_KEY = ['admin', 'users'] as const;

export function useUsers({ page, q, sort, order }: UsersQuery) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(USERS_PAGE_SIZE), sort, order });
  if (q) params.set('q', q);
  return useQuery({
    queryKey: [...USERS_KEY, { page, q, sort, order }],
    queryFn: ({ signal }) => apiRequest<AdminUsersPage>(`/api/user/getallusers?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every act on a user changes what the list shows, so each one reloads it. */
function useUserMutation<Variables>(request: (variables: Variables) => Promise<UserResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useVerifyUser() {
  return useUserMutation((userId: string) =>
    apiRequest<UserResponse>(`/api/admin/verifyUser/${userId}`, { method: 'PUT' }),
  );
}

export function useSetSuspended() {
  return useUserMutation(({ userId, suspended }: { userId: string; suspended: boolean }) =>
    apiRequest<UserResponse>(`/api/admin/${suspended ? 'suspendUser' : 'unsuspendUser'}/${userId}`, {
      method: 'PUT',
    }),
  );
}

export function useDeleteUser() {
  return useUserMutation((userId: string) =>
    apiRequest<UserResponse>(`/api/admin/deleteOneUser/${userId}`, { method: 'DELETE' }),
  );
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
    mutationFn: (userId: string) =>
      apiRequest<{ message: string }>(`/api/admin/users/${userId}/2fa`, { method: 'DELETE' }),
    onSettled: (_result, _error, userId) =>
      queryClient.invalidateQueries({ queryKey: ['admin', 'login-history', userId] }),
  });
}
