import { usePendingChanges } from './pending-changes-query.ts';

/**
 * The number of changes waiting for approval, beside the navigation's Approvals entry. Screen
 * readers hear it as part of the link's name ("Approvals, 2 waiting"), not as a bare number.
 */
export function WaitingChangesBadge() {
  const { data } = usePendingChanges();
  const waiting = data?.data.length ?? 0;
  if (waiting === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-auto min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-xs font-semibold text-slate-900 lg:ml-0"
      >
        {waiting}
      </span>
      <span className="sr-only">, {waiting} waiting</span>
    </>
  );
}
