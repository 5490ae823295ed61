import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import {
  addPasskeyRoute,
  passkeysRoute,
  removePasskeyRoute,
  startPasskeyRegistrationRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const PASSKEYS_KEY = queryKeyOf(passkeysRoute);

/** The options to create a passkey, once the password (and code) or another passkey is confirmed. */
export function useStartPasskeyRegistration() {
  return useMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof startPasskeyRegistrationRoute>>) =>
      callApi(startPasskeyRegistrationRoute, { body }),
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof addPasskeyRoute>>) => callApi(addPasskeyRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id, ...body }: { id: string } & BodyInputOf<ContractOf<typeof removePasskeyRoute>>) =>
      callApi(removePasskeyRoute, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}
