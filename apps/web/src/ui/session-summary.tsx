import type { SessionInfo } from '@vestora/shared';
import { formatDateTime } from './format.ts';

/** One signed-in device: what it is, where from, since when and when last used. */
export function SessionSummary({ session }: { session: SessionInfo }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {session.device}
        {session.isCurrent ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
            This device
          </span>
        ) : null}
      </p>
      <p className="text-xs text-slate-600">
        {session.ip ? `IP ${session.ip} · ` : ''}Signed in {formatDateTime(session.createdAt)}
      </p>
      <p className="text-xs text-slate-600">Last active {formatDateTime(session.lastSeenAt)}</p>
    </div>
  );
}
