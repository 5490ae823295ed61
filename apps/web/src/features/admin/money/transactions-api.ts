import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminTransaction,
  type BodyInputOf,
  type ContractOf,
  MESSAGES,
  type TransactionStatus,
} from '@vestora/shared';
import {
  allTransactionsRoute,
  type approveDepositRoute,
  type approveWithdrawalRoute,
  type declineDepositRoute,
  type declineWithdrawalRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionsQuery {
  page: number;
  status: TransactionStatus | '';
  type: AdminTransaction['type'] | '';
}

export function useTransactions({ page, status, type }: TransactionsQuery) {
  const query = {
    page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf(allTransactionsRoute, { query }),
    queryFn: ({ signal }) => callApi(allTransactionsRoute, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The routes an administrator decides a deposit or a withdrawal through. */
export type DecisionRoute =
  | typeof approveDepositRoute
  | typeof declineDepositRoute
  | typeof approveWithdrawalRoute
  | typeof declineWithdrawalRoute;

interface Decision {
  route: DecisionRoute;
  id: string;
  body?: BodyInputOf<ContractOf<typeof approveWithdrawalRoute>> &
    BodyInputOf<ContractOf<typeof declineDepositRoute>>;
  /** The dialog's key: a retry of the same decision replays the first answer. */
  idempotencyKey: string;
}

/**
 * Approves or declines a deposit or a withdrawal. Afterwards every admin list reloads: lists,
 * balances and the withdrawal queue all change.
 */
export function useDecision() {
  const queryClient = useQueryClient();
  return useToastMutation({
    waitMessage: () => MESSAGES.pleaseWait,
    // An approval of a deposit takes no body; the other decisions may take a reason or a payout hash.
    mutationFn: ({ route, id, body, idempotencyKey }: Decision) =>
      callApi(route, { params: { id }, body, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
