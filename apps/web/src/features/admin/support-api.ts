import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportTicket } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

export const TICKETS_PAGE_SIZE = 20;

export type TicketFilter = SupportTicket['status'] | 'all';

interface TicketResponse {
  data: SupportTicket;
  message: string;
}

const SUPPORT_KEY = ['admin', 'support'] as const;

/** Tickets with their whole conversation, most recently active first. */
export function useTickets({ status, page }: { status: TicketFilter; page: number }) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(TICKETS_PAGE_SIZE) });
  if (status !== 'all') params.set('status', status);
  return useQuery({
    queryKey: [...SUPPORT_KEY, { status, page }],
    queryFn: ({ signal }) =>
      apiRequest<{ data: SupportTicket[]; total: number }>(`/api/admin/support?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A reply or a close changes the ticket's status, so the lists reload, and the audit trail with them. */
function useTicketMutation<Variables>(request: (variables: Variables) => Promise<TicketResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

export function useReplyToTicket() {
  return useTicketMutation(({ ticketId, message }: { ticketId: string; message: string }) =>
    apiRequest<TicketResponse>(`/api/admin/support/${ticketId}/reply`, {
      method: 'POST',
      body: { message },
    }),
  );
}

export function useCloseTicket() {
  return useTicketMutation((ticketId: string) =>
    apiRequest<TicketResponse>(`/api/admin/support/${ticketId}/close`, { method: 'PUT' }),
  );
}
