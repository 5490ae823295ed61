import type { LoginRequest, LoginResponse, SignupRequest } from '@vestora/shared';
import { apiRequest } from '../../app/api.ts';
import { clearSession } from '../../app/session.ts';

export function logIn(request: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/user/login', { method: 'POST', body: request });
}

export function signUp(request: SignupRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/user/signup', { method: 'POST', body: request });
}

/** Revokes the token on the server, then forgets it here even if the server cannot be reached. */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('/api/user/logout', { method: 'POST' });
  } catch {
    // The local session goes regardless; an unreachable server must not keep someone signed in.
  } finally {
    clearSession();
  }
}
