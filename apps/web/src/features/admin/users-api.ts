import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserRow } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export interface UsersPage {
  data: AdminUserRow[];
  message: string;
  page: number;
  pageSize: number;
  total: number;
}

export const USERS_PAGE_SIZE = 20;

export function useUsers(page: number) {
  return useQuery({
    queryKey: ['admin', 'users', page],
    queryFn: ({ signal }) =>
      apiRequest<UsersPage>(`/api/user/getallusers?page=${page}&pageSize=${USERS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ data: AdminUserRow; message: string }>(`/api/admin/verifyUser/${userId}`, {
        method: 'PUT',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
