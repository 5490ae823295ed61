import type { BodyInputOf, ContractOf, LoginResponse, ResponseOf } from '@vestora/shared';
import { loginRoute, logoutRoute, signupRoute } from '@vestora/shared/routes';
import { callApi } from '../../app/api.ts';
import { clearSession } from '../../app/session.ts';

export function logIn(body: BodyInputOf<ContractOf<typeof loginRoute>>): Promise<LoginResponse> {
  return callApi(loginRoute, { body });
}

export function signUp(
  body: BodyInputOf<ContractOf<typeof signupRoute>>,
): Promise<ResponseOf<ContractOf<typeof signupRoute>>> {
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
