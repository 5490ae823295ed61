import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';

export function ReviewPage() {
  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <ShieldIcon width={28} height={28} />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Your Account is Activated but Under Review</h1>
        <p className="mt-4 text-slate-600">
          Your registration was successful. You can sign in now; full access (withdrawals and plans) comes
          once an administrator has confirmed your account.
        </p>
        <p className="mt-3 text-slate-600">
          Questions? Reach our support team from the contact details at the bottom of this page, or from the
          Support page once you are signed in.
        </p>
        <Link to="/signin" className={buttonClass('primary', 'mt-8')}>
          Back to login
        </Link>
      </div>
    </div>
  );
}
