import type { BodyInputOf, ContractOf } from '@vestora/shared';
import { forgotPasswordRoute, resetPasswordRoute } from '@vestora/shared/routes';
import { callApi } from '../../client/api.ts';

export function requestPasswordReset(email: string) {
  return callApi(forgotPasswordRoute, { body: { email } });
}

export function resetPassword(body: BodyInputOf<ContractOf<typeof resetPasswordRoute>>) {
  return callApi(resetPasswordRoute, { body });
}
