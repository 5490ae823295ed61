import { type BodyInputOf, forgotPasswordRoute, resetPasswordRoute } from '@vestora/shared';
import { callApi } from '../../app/api.ts';

export function requestPasswordReset(email: string) {
  return callApi(forgotPasswordRoute, { body: { email } });
}

export function resetPassword(body: BodyInputOf<typeof resetPasswordRoute>) {
  return callApi(resetPasswordRoute, { body });
}
