import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractOf, ResponseOf, SupportTicket } from '@vestora/shared';
import { adminTicketsRoute, closeTicketRoute, replyToTicketRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';
import { AUDIT_KEY } from '../audit/audit-api.ts';

export const TICKETS_PAGE_SIZE = 20;

export type TicketFilter = SupportTicket['status'] | 'all';

const SUPPORT_KEY = queryKeyOf(adminTicketsRoute);

/** Tickets with their whole conversation, most recently active first. */
export function useTickets({ status, page }: { status: TicketFilter; page: number }) {
  const query = { page, pageSize: TICKETS_PAGE_SIZE, status: status === 'all' ? undefined : status };
  return useQuery({
    queryKey: queryKeyOf(adminTicketsRoute, { query }),
    queryFn: ({ signal }) => callApi(adminTicketsRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A reply or a close changes the ticket's status, so the lists reload, and the audit trail with them. */
function useTicketMutation<Variables>(
  request: (variables: Variables) => Promise<ResponseOf<ContractOf<typeof replyToTicketRoute>>>,
) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
        queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
      ]),
  });
}

export function useReplyToTicket() {
  return useTicketMutation(({ ticketId, message }: { ticketId: string; message: string }) =>
    callApi(replyToTicketRoute, { params: { id: ticketId }, body: { message } }),
  );
}

export function useCloseTicket() {
  return useTicketMutation((ticketId: string) => callApi(closeTicketRoute, { params: { id: ticketId } }));
}
