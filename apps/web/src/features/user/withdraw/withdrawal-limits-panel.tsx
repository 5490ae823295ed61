import { type LimitUse, VERIFICATION_LEVEL_LABELS } from '@vestora/shared';
import { Link } from 'react-router';
import { QueryView } from '../../../ui/query-view.tsx';
import { formatDateTime, usd } from '../format.ts';
import { useWithdrawalLimits } from './withdrawals-api.ts';

/**
 * What the person's verification level lets them withdraw over the rolling day and 30 days, and
 * how much is left; nothing for an unverified person, whom the form tells to get verified first.
 */
export function WithdrawalLimitsPanel({ className = '' }: { className?: string }) {
  return (
    <QueryView
      query={useWithdrawalLimits()}
      loadingLabel={null}
      empty={{ when: (answer) => answer.data.level === 'none' }}
    >
      {({ data }) => (
        <section
          aria-label="Withdrawal limits"
          className={`rounded-xl border border-slate-200 px-4 py-3 ${className}`}
        >
          <p className="text-sm font-medium text-slate-900">
            {VERIFICATION_LEVEL_LABELS[data.level]} verification limits
          </p>
          <ul className="mt-2 space-y-2 text-sm text-slate-700">
            {data.daily && <LimitLine label="Daily limit" use={data.daily} />}
            {data.monthly && <LimitLine label="30-day limit" use={data.monthly} />}
          </ul>
          {data.level === 'basic' && (
            <Link
              to="/user/verification"
              className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
            >
              Verify your identity for higher limits
            </Link>
          )}
        </section>
      )}
    </QueryView>
  );
}

function LimitLine({ label, use }: { label: string; use: LimitUse }) {
  const usedPercent = Math.min(100, (use.used / use.limit) * 100);
  return (
    <li>
      <p className="tabular-nums">
        {label} {usd(use.limit)} · {usd(use.remaining)} left
      </p>
      {/* The line above says it in words; the bar only shows it at a glance. */}
      <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${usedPercent}%` }} />
      </div>
      {use.resetsAt && (
        <p className="mt-1 text-xs text-slate-500">Room comes back from {formatDateTime(use.resetsAt)}</p>
      )}
    </li>
  );
}
