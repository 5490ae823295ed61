import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndUserSessionsRoute,
  adminUserAddressesRoute,
  adminUserSecurityEventsRoute,
  adminUserSessionsRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const DETAIL_ROUTES = [
  adminUserSessionsRoute,
  adminUserAddressesRoute,
  adminUserSecurityEventsRoute,
] as const;
const detailKey = (route: (typeof DETAIL_ROUTES)[number], userId: string) =>
  queryKeyOf(route, { params: { id: userId } });

/** After an act on the person's account (sessions ended, second factor reset), the dialog shows it. */
export function reloadUserDetail(queryClient: QueryClient, userId: string) {
  return Promise.all(
    DETAIL_ROUTES.map((route) => queryClient.invalidateQueries({ queryKey: detailKey(route, userId) })),
  );
}

export function useUserSessions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: detailKey(adminUserSessionsRoute, userId),
    queryFn: ({ signal }) => callApi(adminUserSessionsRoute, { params: { id: userId }, signal }),
    enabled,
  });
}

export function useUserAddresses(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: detailKey(adminUserAddressesRoute, userId),
    queryFn: ({ signal }) => callApi(adminUserAddressesRoute, { params: { id: userId }, signal }),
    enabled,
  });
}

export function useUserSecurityEvents(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: detailKey(adminUserSecurityEventsRoute, userId),
    queryFn: ({ signal }) => callApi(adminUserSecurityEventsRoute, { params: { id: userId }, signal }),
    enabled,
  });
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (userId: string) => callApi(adminEndUserSessionsRoute, { params: { id: userId } }),
    isErrorToasted: true,
    onSuccess: (_result, userId) => reloadUserDetail(queryClient, userId),
  });
}
