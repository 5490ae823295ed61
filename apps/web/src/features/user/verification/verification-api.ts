import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractOf, IdentityImageSide, IdentitySubmissionRequest, ResponseOf } from '@vestora/shared';
import {
  submitVerificationRoute,
  uploadIdentityImageRoute,
  verificationStateRoute,
} from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../../../client/api.ts';
import { useToastMutation } from '../../../ui/use-toast-mutation.ts';

const STATE_KEY = queryKeyOf(verificationStateRoute);

/** The person's level, their latest submission and whether they may send one. */
export function useVerificationState() {
  return useQuery({ ...routeQuery(verificationStateRoute), select: ({ data }) => data });
}

/**
 * Sends one image as soon as it is chosen; the answer's id is what the submission names. The
 * server decides the type by the bytes, so a refusal comes back with its own sentence.
 */
export function useUploadIdentityImage() {
  return useMutation({
    mutationFn: async ({ side, image }: { side: IdentityImageSide; image: File }) => {
      const form = new FormData();
      form.set('side', side);
      form.set('image', image);
      return (await callApi(uploadIdentityImageRoute, { body: form })).data;
    },
  });
}

/**
 * Sends the details and the uploaded images' ids, with the form's Idempotency-Key so a retry after
 * a lost answer does not count as a second submission. The answer is the new state.
 */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ body, idempotencyKey }: { body: IdentitySubmissionRequest; idempotencyKey: string }) =>
      callApi(submitVerificationRoute, { body, idempotencyKey }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData<ResponseOf<ContractOf<typeof verificationStateRoute>>>(STATE_KEY, { data });
      await queryClient.invalidateQueries({ queryKey: STATE_KEY });
    },
  });
}
