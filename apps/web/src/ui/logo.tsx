import { Link } from 'react-router';

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to="/" className="inline-flex items-center gap-2" aria-label="Vestora home">
      <img src="/favicon.svg" alt="" width="32" height="32" />
      <span
        className={`text-lg font-bold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
      >
        Vestora
      </span>
    </Link>
  );
}
