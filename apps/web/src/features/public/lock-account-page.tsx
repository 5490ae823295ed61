import { MESSAGES } from '@vestora/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';
import { AuthCard } from '../auth/auth-card.tsx';
import { lockAccount } from './lock-account-api.ts';

/**
 * Opened from the notice `/lock-account?token=…` that the old address gets when the e-mail changes.
 * It acts only on the button: mail scanners open links, and opening one must change nothing.
 */
export function LockAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | undefined>(token ? undefined : MESSAGES.accountLockLinkInvalid);
  const [lockedMessage, setLockedMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const onLock = async () => {
    setError(undefined);
    setIsBusy(true);
    try {
      setLockedMessage((await lockAccount(token)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard
      title="Lock your account"
      subtitle={
        lockedMessage
          ? 'Only a password reset, sent to your previous address, opens it again.'
          : 'The e-mail address of your account was changed. If it was not you, lock the account now.'
      }
    >
      {lockedMessage ? (
        <div className="space-y-6">
          <p
            role="status"
            className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {lockedMessage}
          </p>
          <Link
            to="/forgetpass"
            className="block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Reset your password
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">Locking the account:</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>puts your previous e-mail address back on it;</li>
            <li>ends every session, on every device;</li>
            <li>
              stops the password working until you reset it from the sign-in page, with a link sent to your
              previous address.
            </li>
          </ul>
          <FormError message={error} />
          <Button
            variant="danger"
            onClick={() => void onLock()}
            disabled={isBusy || !token}
            className="w-full"
          >
            {isBusy ? 'Locking...' : 'Lock my account'}
          </Button>
          <p className="text-center text-sm text-slate-600">
            It was you?{' '}
            <Link to="/signin" className="font-medium text-brand-700 hover:underline">
              Back to login
            </Link>
          </p>
        </div>
      )}
    </AuthCard>
  );
}
