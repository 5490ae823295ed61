import { lockAccountRoute } from '@vestora/shared/routes';
import { callApi } from '../../../client/api.ts';

/** The link the old address gets when the e-mail changes; it works once. */
export function lockAccount(token: string) {
  return callApi(lockAccountRoute, { body: { token } });
}
