import { VERIFICATION_LEVEL_LABELS, type VerificationState } from '@vestora/shared';
import { CardSection } from '../../../ui/card.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { useWithdrawalLimits } from '../withdraw/withdrawals-api.ts';
import { IdentityForm } from './identity-form.tsx';
import { LevelLimitsTable } from './level-limits-table.tsx';
import { useVerificationState } from './verification-api.ts';

/** Where the latest submission stands, in the words the person needs. */
function SubmissionStatus({ state }: { state: VerificationState }) {
  const { submission } = state;
  if (!submission) {
    return state.canSubmit ? (
      <p className="text-sm text-slate-700">
        You have not sent your documents yet. Send them below to reach the Full level.
      </p>
    ) : null;
  }
  if (submission.status === 'pending') {
    return (
      <div role="status" className="space-y-1">
        <p className="font-semibold text-slate-900">Your documents are being reviewed</p>
        <p className="text-sm text-slate-600">
          Sent on {formatDateTime(submission.submittedAt)}. We will e-mail you the result.
        </p>
      </div>
    );
  }
  if (submission.status === 'approved') {
    return (
      <div role="status" className="space-y-1">
        <p className="font-semibold text-green-800">Your identity is verified</p>
        <p className="text-sm text-slate-600">
          Approved on {formatDateTime(submission.reviewedAt ?? submission.submittedAt)}.
        </p>
      </div>
    );
  }
  return (
    <Notice tone="error" role="alert" className="space-y-1">
      <p className="font-semibold">Your documents were not accepted</p>
      {submission.rejection && <p>{submission.rejection.reasonLabel}.</p>}
      {submission.rejection?.note && (
        <p className="break-words whitespace-pre-line">Reviewer's note: {submission.rejection.note}</p>
      )}
      <p>Correct what is needed and send them again below.</p>
    </Notice>
  );
}

/**
 * Identity verification: the person's level and latest submission, what each level allows, and the
 * form to send (or, after a rejection, send again) their details and document.
 */
export function VerificationPage() {
  const state = useVerificationState();
  const limits = useWithdrawalLimits();
  const latest = state.data?.submission ?? null;
  const rejected = latest?.status === 'rejected' ? latest : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Verify your identity"
        description="Your documents are stored encrypted and seen only by our compliance staff."
      />
      <QueryView query={state} loadingLabel="Loading your verification">
        {(current) => (
          <CardSection
            title="Your verification"
            actions={
              <p className="text-sm text-slate-600">
                Level:{' '}
                <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold text-white">
                  {VERIFICATION_LEVEL_LABELS[current.level]}
                </span>
              </p>
            }
          >
            <SubmissionStatus state={current} />
          </CardSection>
        )}
      </QueryView>

      <CardSection title="What each level allows">
        <QueryView query={limits} loadingLabel="Loading the limits">
          {({ data: { levels, level } }) => <LevelLimitsTable levels={levels} current={level} />}
        </QueryView>
      </CardSection>

      {/* Outside the state's view: a refetch (the window regaining focus after the camera) must not dim the form. */}
      {state.data?.canSubmit && (
        <CardSection
          title={rejected ? 'Send your documents again' : 'Your details'}
          description="As they appear on your document."
        >
          <IdentityForm key={rejected?.id ?? 'first'} previous={rejected} />
        </CardSection>
      )}
    </div>
  );
}
