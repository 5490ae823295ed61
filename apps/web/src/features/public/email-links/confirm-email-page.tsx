import { MESSAGES } from '@vestora/shared';
import { confirmEmailRoute } from '@vestora/shared/routes';
import { callApi } from '../../../client/api.ts';
import { EmailLinkAction } from './email-link-action.tsx';

/** Opened from the link `/confirm-email?token=…` sent at sign-up and after an e-mail change. */
export function ConfirmEmailPage() {
  return (
    <EmailLinkAction
      purpose="confirm"
      title="Confirm your email address"
      subtitle={{
        before: 'One click proves this address is yours, so that you can withdraw.',
        after: 'Withdrawals and saved withdrawal addresses are open to you now.',
      }}
      missingTokenMessage={MESSAGES.emailConfirmationLinkInvalid}
      actLabel="Confirm my email address"
      busyLabel="Confirming..."
      act={(token) => callApi(confirmEmailRoute, { body: { token } })}
    />
  );
}
