import { VERIFICATION_LEVEL_LABELS, type VerificationLevel, type WithdrawalLimits } from '@vestora/shared';
import { usd } from '../../../ui/format.ts';

type LevelLimits = WithdrawalLimits['levels'][number];

/** What a level lets a person do, in a sentence. */
function allowanceOf({ level, dailyUsd, monthlyUsd }: LevelLimits): string {
  if (level === 'none') return 'Deposits only: no withdrawals and no plans yet.';
  const daily = dailyUsd === null ? 'no daily limit' : `up to ${usd(dailyUsd)} a day`;
  const monthly = monthlyUsd === null ? 'no 30-day limit' : `${usd(monthlyUsd)} in 30 days`;
  return `Withdrawals ${daily} and ${monthly}, and investing in plans.`;
}

/** Every level and what it allows, the person's own marked. */
export function LevelLimitsTable({
  levels,
  current,
}: {
  levels: WithdrawalLimits['levels'];
  current: VerificationLevel;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">What each verification level allows</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Level</th>
          <th scope="col">What it allows</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {levels.map((limits) => {
          const isCurrent = limits.level === current;
          return (
            <tr
              key={limits.level}
              aria-current={isCurrent ? 'true' : undefined}
              className={
                isCurrent
                  ? 'bg-brand-50 [&>*:first-child]:rounded-l-lg [&>*:last-child]:rounded-r-lg'
                  : undefined
              }
            >
              <th scope="row" className="w-28 px-3 py-3 align-top font-semibold text-slate-900 sm:w-36">
                {VERIFICATION_LEVEL_LABELS[limits.level]}
                {isCurrent && (
                  <span className="mt-1 block w-fit rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-semibold text-white">
                    Your level
                  </span>
                )}
              </th>
              <td className="px-3 py-3 align-top text-slate-700">{allowanceOf(limits)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
