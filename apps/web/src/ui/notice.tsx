import type { ReactNode } from 'react';

const TONE_CLASSES = {
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-red-200 bg-red-50 text-red-700',
} as const;

interface NoticeProps {
  /** Amber for what the person should know before acting, red for what went wrong. */
  tone: keyof typeof TONE_CLASSES;
  /** `alert` for a problem announced as it appears, `status` for news that may wait its turn. */
  role?: 'alert' | 'status';
  /** Spacing around the box as its page lays it out (`mt-4`, `mb-4`, `space-y-3` …). */
  className?: string;
  /** For a control that the box explains (`aria-describedby`). */
  id?: string;
  children: ReactNode;
}

/** The coloured box of a page: a warning before an act, or an error that needs more than a field. */
export function Notice({ tone, role, className = '', id, children }: NoticeProps) {
  return (
    <div
      id={id}
      role={role}
      className={`rounded-xl border px-4 py-3 text-sm ${TONE_CLASSES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
