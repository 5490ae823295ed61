import { MESSAGES } from '@vestora/shared';
import { Link, useLocation } from 'react-router';
import { useSiteSettings } from '../../shell/site-api.ts';
import { SupportEmailLink } from '../../shell/support-email-link.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';

/** Set by the sign-up page when it sends a newly registered person here. */
export interface ReviewPageState {
  justRegistered: true;
}

function cameFromSignUp(state: unknown): state is ReviewPageState {
  return typeof state === 'object' && state !== null && (state as ReviewPageState).justRegistered === true;
}

export function ReviewPage() {
  const { site } = useSiteSettings();
  const { state } = useLocation();
  return (
    <div className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {cameFromSignUp(state) && (
          <p
            role="status"
            className="mb-6 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {MESSAGES.signupDialog}
          </p>
        )}
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <ShieldIcon width={28} height={28} />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Your Account is Activated but Under Review</h1>
        <p className="mt-4 text-slate-600">
          Your registration was successful. You can sign in now. Open the link we e-mailed you to confirm your
          address; withdrawals and plans open once an administrator has also confirmed your account.
        </p>
        <p className="mt-3 text-slate-600">
          Questions? Write to{' '}
          {site ? (
            <SupportEmailLink
              email={site.supportEmail}
              className="font-medium text-brand-700 hover:underline"
            />
          ) : (
            'our support team'
          )}
          , or chat with our team from the Support page once you are signed in.
        </p>
        <Link to="/signin" className={buttonClass('primary', 'mt-8')}>
          Back to login
        </Link>
      </div>
    </div>
  );
}
