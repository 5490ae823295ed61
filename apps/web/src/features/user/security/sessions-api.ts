import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endOtherSessionsRoute, endUserSessionRoute, userSessionsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const SESSIONS_KEY = queryKeyOf(userSessionsRoute);

export function useOwnSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => callApi(userSessionsRoute, { signal }),
  });
}

/** Toasts the server's answer and reloads the list, whichever way the call ends. */
function useSessionMutation<Variables>(request: (variables: Variables) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: request,
    isErrorToasted: true,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndSession() {
  return useSessionMutation((sessionId: string) =>
    callApi(endUserSessionRoute, { params: { id: sessionId } }),
  );
}

export function useEndOtherSessions() {
  return useSessionMutation(() => callApi(endOtherSessionsRoute));
}
