import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContractOf,
  IdentityRejectRequest,
  IdentityReview,
  IdentityStatus,
  ResponseOf,
} from '@vestora/shared';
import {
  approveVerificationRoute,
  identityQueueRoute,
  identityReviewRoute,
  rejectVerificationRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

/** The prefix of the queue's pages and of every review: a decision reloads them all. */
const VERIFICATIONS_KEY = queryKeyOf(identityQueueRoute);

/**
 * The signed image links die after five minutes; asking again a minute before keeps every picture
 * and its "open full size" link working while the page stays open.
 */
const REVIEW_REFRESH_MS = 4 * 60_000;

/** Submissions of one status, oldest first. */
export function useIdentityQueue(status: IdentityStatus, page: number) {
  return useQuery({
    ...routeQuery(identityQueueRoute, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
}

export function useIdentityReview(id: string) {
  return useQuery({
    ...routeQuery(identityReviewRoute, { params: { id } }),
    select: ({ data }) => data,
    refetchInterval: REVIEW_REFRESH_MS,
  });
}

/**
 * What a decision's answer does to the page: the review as the decision left it, at once; then,
 * decided or refused (another reviewer was first), the queue and the review reload.
 */
function useDecisionUpdates() {
  const queryClient = useQueryClient();
  return {
    onSuccess: ({ data }: { data: IdentityReview }) =>
      queryClient.setQueryData<ResponseOf<ContractOf<typeof identityReviewRoute>>>(
        queryKeyOf(identityReviewRoute, { params: { id: data.id } }),
        { data },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATIONS_KEY }),
  };
}

export function useApproveVerification() {
  return useToastMutation({
    mutationFn: (id: string) => callApi(approveVerificationRoute, { params: { id } }),
    ...useDecisionUpdates(),
  });
}

export function useRejectVerification() {
  return useToastMutation({
    mutationFn: ({ id, body }: { id: string; body: IdentityRejectRequest }) =>
      callApi(rejectVerificationRoute, { params: { id }, body }),
    ...useDecisionUpdates(),
  });
}
