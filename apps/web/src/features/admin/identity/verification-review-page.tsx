import {
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_IMAGE_SIDE_LABELS,
  type IdentityReview,
} from '@vestora/shared';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card, CardSection } from '../../../ui/card.tsx';
import { countryName } from '../../../ui/country-names.ts';
import { formatDate, formatDateTime } from '../../../ui/format.ts';
import { ArrowLeftIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useIdentityReview } from './identity-api.ts';
import { ageOn, formatCalendarDay } from './identity-format.ts';
import { ReviewDecisions } from './review-decisions.tsx';

type ReviewImage = IdentityReview['images'][number];

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One image of the document, opening full size in a new tab. A picture already on screen keeps
 * the link it loaded from: the page asks for fresh links every few minutes, and each opening of a
 * link is audited, so only a picture that has not loaded yet (or whose link died) follows them.
 */
function DocumentImage({ image }: { image: ReviewImage }) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const label = IDENTITY_IMAGE_SIDE_LABELS[image.side];
  return (
    <figure className="min-w-0">
      <a
        href={image.url}
        target="_blank"
        rel="noopener noreferrer"
        className="block overflow-hidden rounded-xl border border-slate-200 bg-slate-100 hover:border-brand-600"
      >
        <img
          src={loadedUrl ?? image.url}
          alt={label}
          onLoad={() => setLoadedUrl((url) => url ?? image.url)}
          className="aspect-[4/3] w-full object-contain"
        />
      </a>
      <figcaption className="mt-1.5 flex flex-wrap justify-between gap-x-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-xs text-slate-500">Click to open full size</span>
      </figcaption>
    </figure>
  );
}

function Decision({ review }: { review: IdentityReview }) {
  if (review.status === 'pending') return null;
  const by = `${review.reviewerName ?? 'A reviewer'}${review.reviewedAt ? `, ${formatDateTime(review.reviewedAt)}` : ''}`;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        {review.status === 'approved' ? 'Approved' : 'Rejected'} by {by}.
      </p>
      {review.rejection && <p className="font-medium text-slate-900">{review.rejection.reasonLabel}</p>}
      {review.rejection?.note && <p className="break-words whitespace-pre-line">{review.rejection.note}</p>}
    </div>
  );
}

function EarlierSubmissions({ history }: { history: IdentityReview['history'] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">This is their first submission.</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {history.map((earlier) => (
        <li key={earlier.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:gap-4">
          <div className="flex shrink-0 items-center gap-2 sm:w-64">
            <StatusBadge status={earlier.status} />
            <span className="text-sm text-slate-600">{formatDateTime(earlier.submittedAt)}</span>
          </div>
          {earlier.rejection && (
            <div className="min-w-0 text-sm">
              <p className="text-slate-900">{earlier.rejection.reasonLabel}</p>
              {earlier.rejection.note && (
                <p className="break-words whitespace-pre-line text-slate-600">{earlier.rejection.note}</p>
              )}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function Review({ review }: { review: IdentityReview }) {
  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <StatusBadge status={review.status} />
            <span className="text-sm text-slate-600">Submitted {formatDateTime(review.submittedAt)}</span>
          </div>
          <Decision review={review} />
        </div>
        <ReviewDecisions review={review} />
      </Card>

      <CardSection title="Documents" description="Compare them with the details below.">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {review.images.map((image) => (
            <DocumentImage key={`${review.id}-${image.side}`} image={image} />
          ))}
        </div>
      </CardSection>

      <CardSection title="Details">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail term="Legal name">{review.legalName}</Detail>
          <Detail term="Date of birth">
            {formatCalendarDay(review.dateOfBirth)} ({ageOn(review.dateOfBirth, new Date())} years old)
          </Detail>
          <Detail term="Country">{countryName(review.country)}</Detail>
          <Detail term="Document">{IDENTITY_DOCUMENT_TYPE_LABELS[review.documentType]}</Detail>
          <Detail term="Address">
            <span className="whitespace-pre-line">{review.address}</span>
          </Detail>
          <Detail term="Account">
            {review.accountFullName} (@{review.userName})
            <span className="block text-sm break-all text-slate-600">{review.email}</span>
            <span className="block text-sm text-slate-600">Opened {formatDate(review.accountCreatedAt)}</span>
          </Detail>
        </dl>
      </CardSection>

      <CardSection title="Earlier submissions">
        <EarlierSubmissions history={review.history} />
      </CardSection>
    </div>
  );
}

/** One submission, its images side by side with the details, and the decision. */
export function VerificationReviewPage() {
  const { id = '' } = useParams();
  const review = useIdentityReview(id);
  return (
    <section className="space-y-4">
      <Link
        to="/admin/verifications"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeftIcon width={16} height={16} aria-hidden="true" />
        Verifications
      </Link>
      <PageHeader
        title={review.data ? `Verification of ${review.data.legalName}` : 'Verification'}
        description={
          review.data
            ? `${review.data.fullName} · ${IDENTITY_DOCUMENT_TYPE_LABELS[review.data.documentType]}`
            : undefined
        }
      />
      <QueryView query={review} loadingLabel="Loading the verification">
        {(loaded) => <Review review={loaded} />}
      </QueryView>
    </section>
  );
}
