import { VERIFICATION_LEVEL_LABELS } from '@vestora/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useVerificationState } from '../verification/verification-api.ts';

/** Settings: how far the person's identity is verified, their latest submission, and the way to the Verification page. */
export function VerificationSection() {
  const state = useVerificationState();
  return (
    <section
      aria-labelledby="identity-verification"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="identity-verification" className="font-semibold text-slate-900">
            Identity verification
          </h2>
          <p className="text-sm text-slate-600">Your level decides how much you can withdraw.</p>
        </div>
        <Link to="/user/verification" className={buttonClass('secondary')}>
          {state.data?.canSubmit === false ? 'View verification' : 'Verify your identity'}
        </Link>
      </div>
      <QueryView query={state} loadingLabel="Loading your verification...">
        {({ level, submission }) => (
          <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-600">Level</dt>
            <dd className="font-semibold text-slate-900">{VERIFICATION_LEVEL_LABELS[level]}</dd>
            <dt className="text-slate-600">Latest submission</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-900">
              {submission ? (
                <>
                  <StatusBadge status={submission.status} />
                  <span>sent {formatDateTime(submission.submittedAt)}</span>
                </>
              ) : (
                'None sent yet'
              )}
            </dd>
          </dl>
        )}
      </QueryView>
    </section>
  );
}
