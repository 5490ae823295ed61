import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Go to the home page
      </Link>
    </main>
  );
}
