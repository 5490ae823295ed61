import { MESSAGES } from '@vestora/shared';
import { cancelWithdrawalAddressRoute } from '@vestora/shared/routes';
import { callApi } from '../../../client/api.ts';
import { EmailLinkAction } from './email-link-action.tsx';

/** Opened from the e-mail `/cancel-address?token=…` sent when a withdrawal address is added. */
export function CancelAddressPage() {
  return (
    <EmailLinkAction
      title="Remove a withdrawal address"
      subtitle={{
        before: 'A withdrawal address was added to your account. If it was not you, remove it now.',
        after: 'If someone else added it, change your password now: they know it.',
      }}
      missingTokenMessage={MESSAGES.withdrawalAddressCancelLinkInvalid}
      actLabel="Remove the address"
      busyLabel="Removing..."
      act={(token) => callApi(cancelWithdrawalAddressRoute, { body: { token } })}
    />
  );
}
