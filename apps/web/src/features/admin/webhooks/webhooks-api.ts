import { keepPreviousData, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookEndpointRequest, WebhookDeliveryStatus, WebhookEndpoint } from '@vestora/shared';
import {
  createWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  redeliverWebhookRoute,
  rotateWebhookSecretRoute,
  sendWebhookTestRoute,
  updateWebhookEndpointRoute,
  webhookDeliveriesRoute,
  webhookDeliveryRoute,
  webhookEndpointsRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

/** The endpoints and, under the same prefix, every endpoint's deliveries. */
const ENDPOINTS_KEY = queryKeyOf(webhookEndpointsRoute);
/** Every delivery's detail. */
const DELIVERY_KEY = queryKeyOf(webhookDeliveryRoute);

/**
 * While a delivery waits, the sender tries it within seconds (WEBHOOK_POLL_SECONDS, 2 by default):
 * the pages ask again at this pace until none waits, so a result shows without a reload.
 */
const PENDING_REFRESH_MS = 3_000;

export const DELIVERIES_PAGE_SIZE = 20;

/**
 * The list as its table should show it: busy (dimmed, `aria-busy`) only while another page or
 * filter loads. A poll every few seconds is no news until its answer differs, and a table that
 * fades each time would flicker and drop below readable contrast.
 */
function quietWhilePolling<Result extends UseQueryResult<unknown>>(query: Result): Result {
  return { ...query, isFetching: query.isPlaceholderData };
}

/** The endpoints, asked again while one of them has a delivery waiting (its counts change). */
const endpointsQuery = () => ({
  ...routeQuery(webhookEndpointsRoute),
  refetchInterval: (query: { state: { data?: { data: WebhookEndpoint[] } } }) =>
    query.state.data?.data.some((endpoint) => endpoint.pendingDeliveries > 0) ? PENDING_REFRESH_MS : false,
});

export function useWebhookEndpoints() {
  return quietWhilePolling(useQuery(endpointsQuery()));
}

/** One endpoint, read from the list (there are few): null once it is gone. */
export function useWebhookEndpoint(id: string) {
  return useQuery({
    ...endpointsQuery(),
    select: ({ data }) => data.find((endpoint) => endpoint.id === id) ?? null,
  });
}

export function useWebhookDeliveries(id: string, page: number, status: WebhookDeliveryStatus | null) {
  return quietWhilePolling(
    useQuery({
      ...routeQuery(webhookDeliveriesRoute, {
        params: { id },
        query: { page, pageSize: DELIVERIES_PAGE_SIZE, ...(status ? { status } : {}) },
      }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.data.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
    }),
  );
}

export function useWebhookDelivery(id: string) {
  return useQuery({
    ...routeQuery(webhookDeliveryRoute, { params: { id } }),
    select: ({ data }) => data,
    refetchInterval: (query) => (query.state.data?.data.status === 'pending' ? PENDING_REFRESH_MS : false),
  });
}

/** After any change: the endpoints, their counts, their deliveries and the open delivery read again. */
function useReloadWebhooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
      queryClient.invalidateQueries({ queryKey: DELIVERY_KEY }),
    ]);
}

/** The answer carries the signing secret, which the page shows once. */
export function useCreateWebhookEndpoint() {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: ({ body, idempotencyKey }: { body: UpdateWebhookEndpointRequest; idempotencyKey: string }) =>
      callApi(createWebhookEndpointRoute, {
        body: { url: body.url, description: body.description, eventTypes: body.eventTypes },
        idempotencyKey,
      }),
    onSuccess: reload,
  });
}

export function useUpdateWebhookEndpoint(id: string) {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: (body: UpdateWebhookEndpointRequest) =>
      callApi(updateWebhookEndpointRoute, { params: { id }, body }),
    onSuccess: reload,
  });
}

export function useDeleteWebhookEndpoint(id: string) {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: () => callApi(deleteWebhookEndpointRoute, { params: { id } }),
    isErrorToasted: true,
    // Not awaited: the endpoint's page leaves first, rather than show it gone from the reloaded list.
    onSuccess: () => {
      void reload();
    },
  });
}

export function useRotateWebhookSecret(id: string) {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: () => callApi(rotateWebhookSecretRoute, { params: { id } }),
    isErrorToasted: true,
    onSuccess: reload,
  });
}

export function useSendWebhookTest(id: string) {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: () => callApi(sendWebhookTestRoute, { params: { id } }),
    isErrorToasted: true,
    onSuccess: reload,
  });
}

export function useRedeliverWebhook() {
  const reload = useReloadWebhooks();
  return useToastMutation({
    mutationFn: (deliveryId: string) => callApi(redeliverWebhookRoute, { params: { id: deliveryId } }),
    isErrorToasted: true,
    onSuccess: reload,
  });
}
