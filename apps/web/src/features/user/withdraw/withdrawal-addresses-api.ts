import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddWithdrawalAddressRequest } from '@vestora/shared';
import {
  addWithdrawalAddressRoute,
  removeWithdrawalAddressRoute,
  withdrawalAddressesRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const ADDRESS_BOOK_KEY = queryKeyOf(withdrawalAddressesRoute);

/** The address book, with the lock on withdrawals; it refetches on focus, so cool-offs ending show up. */
export function useWithdrawalAddressBook() {
  return useQuery(routeQuery(withdrawalAddressesRoute));
}

export function useAddWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (body: AddWithdrawalAddressRequest) => callApi(addWithdrawalAddressRoute, { body }),
    successMessage: ({ message, data }) => `${message} Usable from ${formatDateTime(data.usableAt)}.`,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_KEY }),
  });
}

export function useRemoveWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (id: string) => callApi(removeWithdrawalAddressRoute, { params: { id } }),
    isErrorToasted: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_KEY }),
  });
}
