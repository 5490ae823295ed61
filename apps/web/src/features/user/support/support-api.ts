import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addTicketMessageRoute, openTicketRoute, userTicketsRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useSiteSettings } from '../../../shell/site-api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const TICKETS_KEY = queryKeyOf(userTicketsRoute);
const TICKETS_QUERY = { pageSize: 50 };

/** The operator's support address, from the site settings the public pages read. */
export function useSupportEmail(): string | undefined {
  return useSiteSettings().site?.supportEmail;
}

export function useSupportTickets() {
  return useQuery({
    ...routeQuery(userTicketsRoute, { query: TICKETS_QUERY }),
    // Staff answers arrive on their own time.
    refetchInterval: 60_000,
  });
}

/** A new message opens a ticket, which the support team reads and answers in the admin console. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (message: string) => callApi(openTicketRoute, { body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

/** A follow-up in an existing conversation. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ ticketId, message }: { ticketId: string; message: string }) =>
      callApi(addTicketMessageRoute, { params: { id: ticketId }, body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
