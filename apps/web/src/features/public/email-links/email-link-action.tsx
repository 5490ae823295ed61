import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { AuthCard } from '../../../shell/auth-card.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/field.tsx';

interface EmailLinkActionProps {
  title: string;
  /** What the page asks before the act, and what it advises after it. */
  subtitle: { before: string; after: string };
  /** Shown instead of the button's work when the link carries no token. */
  missingTokenMessage: string;
  actLabel: string;
  busyLabel: string;
  /** Sends the link's token; the answer's message says what was done. */
  act: (token: string) => Promise<{ message: string }>;
  /** What the act does, above the button. */
  children?: ReactNode;
  /**
   * `undo` reverses something the person may not have done: a warning button, then a password reset.
   * `confirm` proves something they did: a plain button, then onwards to their account.
   */
  purpose?: 'undo' | 'confirm';
}

const AFTERWARDS = {
  undo: { to: '/forgetpass', label: 'Reset your password' },
  confirm: { to: '/user', label: 'Go to your account' },
} as const;

/**
 * A page opened from a link we e-mailed (`?token=…`): to undo something the person did not do, or to
 * confirm their address. It acts only on its button: mail scanners open links, and opening one must
 * change nothing. Once done, it says so and points to what comes next.
 */
export function EmailLinkAction({
  title,
  subtitle,
  missingTokenMessage,
  actLabel,
  busyLabel,
  act,
  children,
  purpose = 'undo',
}: EmailLinkActionProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [error, setError] = useState<string | undefined>(token ? undefined : missingTokenMessage);
  const [doneMessage, setDoneMessage] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const onAct = async () => {
    setError(undefined);
    setIsBusy(true);
    try {
      setDoneMessage((await act(token)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthCard title={title} subtitle={doneMessage ? subtitle.after : subtitle.before}>
      {doneMessage ? (
        <div className="space-y-6">
          <p
            role="status"
            className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {doneMessage}
          </p>
          <Link
            to={AFTERWARDS[purpose].to}
            className="block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            {AFTERWARDS[purpose].label}
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          {children}
          <FormError message={error} />
          <Button
            variant={purpose === 'undo' ? 'danger' : 'primary'}
            onClick={() => void onAct()}
            disabled={isBusy || !token}
            className="w-full"
          >
            {isBusy ? busyLabel : actLabel}
          </Button>
          {purpose === 'undo' && (
            <p className="text-center text-sm text-slate-600">
              It was you?{' '}
              <Link to="/signin" className="font-medium text-brand-700 hover:underline">
                Back to login
              </Link>
            </p>
          )}
        </div>
      )}
    </AuthCard>
  );
}
