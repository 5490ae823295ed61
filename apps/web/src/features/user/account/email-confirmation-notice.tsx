import { useMutation } from '@tanstack/react-query';
import type { TradeUser } from '@vestora/shared';
import { resendEmailConfirmationRoute } from '@vestora/shared/routes';
import toast from 'react-hot-toast';
import { callApi, errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';

interface EmailConfirmationNoticeProps {
  user: Pick<TradeUser, 'email'>;
  /** What waits for the confirmation, in the words of the server's refusal. */
  reason: string;
  /** For the controls this notice explains (`aria-describedby`). */
  id?: string;
  className?: string;
}

/**
 * Why something waits for the address to be confirmed, where the link went, and a way to send a
 * new one (the server allows a few an hour and says so).
 */
export function EmailConfirmationNotice({ user, reason, id, className }: EmailConfirmationNoticeProps) {
  const resend = useMutation({
    mutationFn: () => callApi(resendEmailConfirmationRoute),
    onSuccess: ({ message }) => toast.success(message),
    onError: (failure) => toast.error(errorMessage(failure)),
  });
  return (
    <Notice tone="warning" role="status" id={id} {...(className ? { className } : {})}>
      <p>
        <strong className="font-semibold">{reason}</strong> The link went to{' '}
        <span className="break-all font-medium">{user.email}</span>.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        aria-busy={resend.isPending}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </Notice>
  );
}
