import type { ReactNode } from 'react';

/**
 * A page's title and what the page holds, with its filters or main action beside them from the
 * small breakpoint up (under them on phones).
 */
export function PageHeader({
  title,
  description,
  children,
  className = '',
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Filters or buttons, at the right. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-end justify-between gap-3 ${className}`}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </div>
  );
}
