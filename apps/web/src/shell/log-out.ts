import { logoutRoute } from '@vestora/shared/routes';
import { callApi } from '../client/api.ts';
import { clearSession } from '../client/session.ts';

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
