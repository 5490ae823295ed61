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
}

/**
 * A page opened from a link we e-mailed (`?token=…`) to undo something the person did not do. It
 * acts only on its button: mail scanners open links, and opening one must change nothing. Once
 * done, it says so and points to a password reset.
 */
export function EmailLinkAction({
  title,
  subtitle,
  missingTokenMessage,
  actLabel,
  busyLabel,
  act,
  children,
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
            to="/forgetpass"
            className="block text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Reset your password
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          {children}
          <FormError message={error} />
          <Button
            variant="danger"
            onClick={() => void onAct()}
            disabled={isBusy || !token}
            className="w-full"
          >
            {isBusy ? busyLabel : actLabel}
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
