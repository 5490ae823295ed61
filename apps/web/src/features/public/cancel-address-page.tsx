import { cancelWithdrawalAddressRoute, MESSAGES } from '@vestora/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callApi, errorMessage } from '../../app/api.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/field.tsx';
import { AuthCard } from '../auth/auth-card.tsx';

/**
 * Opened from the e-mail `/cancel-address?token=…` sent when a withdrawal address is added. It acts
 * only on the button: mail scanners open links, and opening one must change nothing.
 */
export function CancelAddressPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | undefined>(
    token ? undefined : MESSAGES.withdrawalAddressCancelLinkInvalid,
  );
  const [doneMessage, setDoneMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const onCancel = async () => {
    setError(undefined);
    setIsBusy(true);
    try {
      setDoneMessage((await callApi(cancelWithdrawalAddressRoute, { body: { token } })).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard
      title="Remove a withdrawal address"
      subtitle={
        doneMessage
          ? 'If someone else added it, change your password now: they know it.'
          : 'A withdrawal address was added to your account. If it was not you, remove it now.'
      }
    >
      {doneMessage ? (
        <div className="space-y-6">
          <p
            role="status"
            className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {doneMessage}
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
          <FormError message={error} />
          <Button
            variant="danger"
            onClick={() => void onCancel()}
            disabled={isBusy || !token}
            className="w-full"
          >
            {isBusy ? 'Removing...' : 'Remove the address'}
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
