import { logoutRoute } from '@vestora/shared/routes';
import { callApi } from '../client/api.ts';
import { clearSession } from '../client/session.ts';
import { forgetThisBrowsersPushes } from './push-device.ts';

/**
 * Stops this browser's pushes and revokes the token on the server, then forgets it here even if the
 * server cannot be reached.
 */
export async function logOut(): Promise<void> {
  try {
    await forgetThisBrowsersPushes().catch(() => undefined);
    await callApi(logoutRoute);
  } catch {
    // The local session goes regardless; an unreachable server must not keep someone signed in.
  } finally {
    clearSession();
  }
}
