import { apiRequest } from '../../app/api.ts';

/** The link the old address gets when the e-mail changes; it works once. */
export function lockAccount(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/user/lockAccount', { method: 'POST', body: { token } });
}
