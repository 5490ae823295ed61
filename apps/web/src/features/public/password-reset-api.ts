import { apiRequest } from '../../app/api.ts';

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/user/forgotPassword', { method: 'POST', body: { email } });
}

export function resetPassword(request: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/user/resetPassword', { method: 'POST', body: request });
}
