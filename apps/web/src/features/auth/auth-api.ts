import type { BodyInputOf, ContractOf, LoginResponse, ResponseOf } from '@vestora/shared';
import { loginRoute, signupRoute } from '@vestora/shared/routes';
import { callApi } from '../../client/api.ts';

export function logIn(body: BodyInputOf<ContractOf<typeof loginRoute>>): Promise<LoginResponse> {
  return callApi(loginRoute, { body });
}

export function signUp(
  body: BodyInputOf<ContractOf<typeof signupRoute>>,
): Promise<ResponseOf<ContractOf<typeof signupRoute>>> {
  return callApi(signupRoute, { body });
}
