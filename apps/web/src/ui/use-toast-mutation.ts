import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorMessage } from '../client/api.ts';

interface ToastMutationOptions<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** What the success toast says: the answer's `message` unless told; nothing when it gives null. */
  successMessage?: (data: Data, variables: Variables) => string | null;
  /** A toast while the call runs ('Please wait....'), replaced by the answer's. */
  waitMessage?: (variables: Variables) => string;
  /** The refusal is toasted too, for acts with no form to show it in. */
  isErrorToasted?: boolean;
  /** After the toast: reload what the change touched. */
  onSuccess?: (data: Data, variables: Variables) => unknown;
  onSettled?: () => unknown;
}

/**
 * A submission announced by a toast. The toast is said here, in the mutation's own options, so it
 * shows even when the form or row that asked unmounts before its `mutate` callbacks run (a dialog
 * that closes, a row that leaves the reloaded list). The caller's `mutate(…, { onSuccess, onError })`
 * still closes the form or shows the refusal beside it.
 */
export function useToastMutation<Data extends { message: string }, Variables = void>({
  mutationFn,
  successMessage = (data) => data.message,
  waitMessage,
  isErrorToasted = false,
  onSuccess,
  onSettled,
}: ToastMutationOptions<Data, Variables>) {
  return useMutation({
    mutationFn,
    onMutate: (variables) => (waitMessage ? toast.loading(waitMessage(variables)) : undefined),
    onSuccess: (data, variables, waitToast) => {
      const message = successMessage(data, variables);
      if (message) toast.success(message, { id: waitToast });
      // Only with an id: `dismiss()` alone would clear every toast on screen.
      else if (waitToast) toast.dismiss(waitToast);
      return onSuccess?.(data, variables);
    },
    onError: (error, _variables, waitToast) => {
      if (isErrorToasted) toast.error(errorMessage(error), { id: waitToast });
      else if (waitToast) toast.dismiss(waitToast);
    },
    onSettled,
  });
}
