import { usePendingChanges } from './pending-changes-query.ts';

/**
 * The number of changes waiting for approval, beside the navigation's Approvals entry. Its own
 * name joins the link's ("Approvals, 2 waiting"), so a screen reader hears what the number counts;
 * it is an inline image of a number rather than hidden text, which a flex item (or an absolutely
 * placed element) would split from the label with a stray space.
 */
export function WaitingChangesBadge() {
  const { data } = usePendingChanges();
  const waiting = data?.data.length ?? 0;
  if (waiting === 0) return null;
  return (
    <span
      role="img"
      aria-label={`, ${waiting} waiting`}
      className="ml-1.5 rounded-full bg-amber-400 px-1.5 py-px text-xs font-semibold text-slate-900"
    >
      {waiting}
    </span>
  );
}
