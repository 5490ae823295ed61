import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Gateway, pendingAdminChangesRoute } from '@vestora/shared';
import { apiRequest, queryKeyOf } from '../../app/api.ts';

export const GATEWAYS_KEY = ['admin', 'gateways'] as const;

export function useGateways() {
  return useQuery({
    queryKey: GATEWAYS_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: Gateway[] }>('/api/admin/getPost', { signal }),
  });
}

export function useAddGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { add: string; type: string; image: File | null }) => {
      const form = new FormData();
      form.set('add', input.add);
      form.set('type', input.type);
      if (input.image) form.set('image', input.image);
      // 201 with the gateway, or 202 when it waits for another administrator's approval.
      return apiRequest<{ data: Gateway | { _id: string; status: 'pending' }; message: string }>(
        '/api/admin/postWay',
        { method: 'POST', body: form },
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(pendingAdminChangesRoute) }),
      ]),
  });
}

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(`/api/admin/deletePost/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY }),
  });
}
