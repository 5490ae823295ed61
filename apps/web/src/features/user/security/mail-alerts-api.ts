import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf, ContractOf } from '@vestora/shared';
import {
  alertPreferencesRoute,
  antiPhishingCodeRoute,
  revealAntiPhishingCodeRoute,
  setAlertPreferencesRoute,
  setAntiPhishingCodeRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const CODE_KEY = queryKeyOf(antiPhishingCodeRoute);
const CHOICES_KEY = queryKeyOf(alertPreferencesRoute);

export function useAntiPhishingCode() {
  return useQuery(routeQuery(antiPhishingCodeRoute));
}

export function useSetAntiPhishingCode() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof setAntiPhishingCodeRoute>>) =>
      callApi(setAntiPhishingCodeRoute, { body }),
    onSuccess: (answer) => queryClient.setQueryData(CODE_KEY, { data: answer.data }),
  });
}

/** The code itself, given the current password; kept in the cache so the panel shows it. */
export function useRevealAntiPhishingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof revealAntiPhishingCodeRoute>>) =>
      callApi(revealAntiPhishingCodeRoute, { body }),
    onSuccess: (answer) => queryClient.setQueryData(CODE_KEY, { data: answer.data }),
  });
}

export function useMailChoices() {
  return useQuery(routeQuery(alertPreferencesRoute));
}

export function useSetMailChoices() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: BodyInputOf<ContractOf<typeof setAlertPreferencesRoute>>) =>
      callApi(setAlertPreferencesRoute, { body }),
    onSuccess: (answer) => queryClient.setQueryData(CHOICES_KEY, { data: answer.data }),
  });
}
