import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const NOTIFICATIONS_KEY = ['notifications'] as const;

interface NotificationsPage {
  data: Notification[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

function fetchNotifications(page: number, pageSize: number, signal: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest<NotificationsPage>(`/api/user/notifications?${params}`, { signal });
}

export function useNotifications(page: number) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, { page }],
    queryFn: ({ signal }) => fetchNotifications(page, NOTIFICATIONS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** The top bar's count; polled, since an admin's decision can land at any time. */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: ({ signal }) => fetchNotifications(1, 1, signal),
    refetchInterval: 60_000,
  });
  return data?.unread ?? 0;
}

/** Marks the given notifications read, or every one of them when `ids` is left out. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest<{ message: string }>('/api/user/notifications/read', {
        method: 'PUT',
        body: ids ? { ids } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
