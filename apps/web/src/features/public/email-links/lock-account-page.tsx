import { MESSAGES } from '@vestora/shared';
import { EmailLinkAction } from './email-link-action.tsx';
import { lockAccount } from './lock-account-api.ts';

/** Opened from the notice `/lock-account?token=…` that the old address gets when the e-mail changes. */
export function LockAccountPage() {
  return (
    <EmailLinkAction
      title="Lock your account"
      subtitle={{
        before: 'The e-mail address of your account was changed. If it was not you, lock the account now.',
        after: 'Only a password reset, sent to your previous address, opens it again.',
      }}
      missingTokenMessage={MESSAGES.accountLockLinkInvalid}
      actLabel="Lock my account"
      busyLabel="Locking..."
      act={lockAccount}
    >
      <p className="text-sm text-slate-700">Locking the account:</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>puts your previous e-mail address back on it;</li>
        <li>ends every session, on every device;</li>
        <li>
          stops the password working until you reset it from the sign-in page, with a link sent to your
          previous address.
        </li>
      </ul>
    </EmailLinkAction>
  );
}
