import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@vestora/shared';
import toast from 'react-hot-toast';
import { errorMessage } from '../app/api.ts';

interface ToastMutationOptions<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** What the success toast says: the answer's `message` unless told; nothing when it gives null. */
  successMessage?: (data: Data, variables: Variables) => string | null;
  /** 'Please wait....' while the call runs, replaced by the success toast. */
  isWaitShown?: boolean;
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
  isWaitShown = false,
  isErrorToasted = false,
  onSuccess,
  onSettled,
}: ToastMutationOptions<Data, Variables>) {
  return useMutation({
    mutationFn,
    onMutate: () => (isWaitShown ? toast.loading(MESSAGES.pleaseWait) : undefined),
    onSuccess: (data, variables, waitToast) => {
      const message = successMessage(data, variables);
      if (message) toast.success(message, { id: waitToast });
      else if (waitToast) toast.dismiss(waitToast);
      return onSuccess?.(data, variables);
    },
    onError: (error, _variables, waitToast) => {
      if (isErrorToasted) toast.error(errorMessage(error), { id: waitToast });
      else if (waitToast) toast.dismiss(waitToast); // without an id, dismiss would clear every toast
    },
    onSettled,
  });
}
