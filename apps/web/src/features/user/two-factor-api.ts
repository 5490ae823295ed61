import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginEvent, TwoFactorSetup, TwoFactorStatus } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';

const STATUS_KEY = ['two-factor'] as const;

/** Recovery codes come back in plain text this once; the server keeps only their hashes. */
interface RecoveryCodesResponse {
  data: { recoveryCodes: string[] };
  message: string;
}

export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => apiRequest<{ data: TwoFactorStatus }>('/api/user/2fa', { signal }),
    enabled,
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => apiRequest<{ data: TwoFactorSetup }>('/api/user/2fa/setup', { method: 'POST' }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiRequest<RecoveryCodesResponse>('/api/user/2fa/enable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiRequest<{ message: string }>('/api/user/2fa/disable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

/** New recovery codes after the password and a code; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiRequest<RecoveryCodesResponse>('/api/user/2fa/recoveryCodes', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useLoginHistory() {
  return useQuery({
    queryKey: ['login-history'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: LoginEvent[]; total: number }>('/api/user/login-history?pageSize=20', { signal }),
  });
}
