import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';

/** Honest about what exists: until e-mail reset is configured, support resets passwords by hand. */
export function ForgotPasswordPage() {
  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        <p className="mt-4 text-slate-600">
          Resetting a password by e-mail is not available on this platform yet. Contact our support team from
          the contact details at the bottom of this page, from the e-mail address you registered with, and
          they will help you regain access.
        </p>
        <Link to="/signin" className={buttonClass('secondary', 'mt-6')}>
          Back to login
        </Link>
      </div>
    </div>
  );
}
