import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsRoute, readNotificationsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const NOTIFICATIONS_KEY = queryKeyOf(notificationsRoute);

export function useNotifications(page: number) {
  const query = { page, pageSize: NOTIFICATIONS_PAGE_SIZE };
  return useQuery({
    ...routeQuery(notificationsRoute, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The top bar's count (a page of one carries it); polled, since an admin's decision can land at any time. */
export function useUnreadNotificationCount(): number {
  const query = { page: 1, pageSize: 1 };
  const { data } = useQuery({
    ...routeQuery(notificationsRoute, { query }),
    refetchInterval: 60_000,
  });
  return data?.unread ?? 0;
}

/** Marks the given notifications read, or every one of them when `ids` is left out. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (ids?: string[]) => callApi(readNotificationsRoute, { body: ids ? { ids } : {} }),
    // Reading one notification says nothing; marking them all is worth a word.
    successMessage: ({ message }, ids) => (ids ? null : message),
    isErrorToasted: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
