import {
  type BodyInputOf,
  type LoginResponse,
  loginRoute,
  logoutRoute,
  type ResponseOf,
  signupRoute,
} from '@vestora/shared';
import { callApi } from '../../app/api.ts';
import { clearSession } from '../../app/session.ts';

export function logIn(body: BodyInputOf<typeof loginRoute>): Promise<LoginResponse> {
  return callApi(loginRoute, { body });
}

export function signUp(body: BodyInputOf<typeof signupRoute>): Promise<ResponseOf<typeof signupRoute>> {
  return callApi(signupRoute, { body });
}

/** Revokes the token on the server, then forgets it here even if the server cannot be reached. */
export async function logOut(): Promise<void> {
  try {
    await callApi(logoutRoute);
  } catch {
    // The local session goes regardless; an unreachable server must not keep someone signed in.
  } finally {
    clearSession();
  }
}
