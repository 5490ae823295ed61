import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportTicket } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { useSiteSettings } from '../public/site-api.ts';

const TICKETS_KEY = ['support-tickets'] as const;

/** The operator's support address, from the site settings the public pages read. */
export function useSupportEmail(): string | undefined {
  return useSiteSettings().site?.supportEmail;
}

export function useSupportTickets() {
  return useQuery({
    queryKey: TICKETS_KEY,
    queryFn: ({ signal }) =>
      apiRequest<{ data: SupportTicket[]; total: number }>('/api/user/support?pageSize=50', { signal }),
    // Staff answers arrive on their own time.
    refetchInterval: 60_000,
  });
}

/** A new message opens a ticket, which the support team reads and answers in the admin console. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<{ data: SupportTicket; message: string }>('/api/user/support', {
        method: 'POST',
        body: { message },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

/** A follow-up in an existing conversation. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, message }: { ticketId: string; message: string }) =>
      apiRequest<{ data: SupportTicket; message: string }>(`/api/user/support/${ticketId}/messages`, {
        method: 'POST',
        body: { message },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}
