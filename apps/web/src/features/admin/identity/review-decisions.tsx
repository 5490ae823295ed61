import {
  IDENTITY_MESSAGES,
  IDENTITY_REJECTION_REASON_LABELS,
  IDENTITY_REJECTION_REASONS,
  type IdentityRejectRequest,
  IdentityRejectRequestSchema,
  type IdentityReview,
} from '@vestora/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog, FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { RadioGroupField } from '../../../ui/radio-group-field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useApproveVerification, useRejectVerification } from './identity-api.ts';

const REASON_OPTIONS = IDENTITY_REJECTION_REASONS.map(
  (reason) => [reason, IDENTITY_REJECTION_REASON_LABELS[reason]] as const,
);

function ApproveDialog({
  review,
  open,
  onOpenChange,
}: {
  review: IdentityReview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const approve = useApproveVerification();
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    if (approve.isPending) return;
    setRefusal(undefined);
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title={`Approve ${review.legalName}`}
      question="The documents match the details and the person: they are verified at the Full level, with its withdrawal limits, and told by e-mail."
      confirmLabel="Approve"
      busyLabel="Approving..."
      isBusy={approve.isPending}
      onConfirm={() =>
        approve.mutate(review.id, {
          onSuccess: () => onOpenChange(false),
          onError: (error) => setRefusal(errorMessage(error)),
        })
      }
    >
      <FormError message={refusal} />
    </ConfirmDialog>
  );
}

const EMPTY_REJECTION: Partial<IdentityRejectRequest> = { note: '' };

function RejectDialog({
  review,
  open,
  onOpenChange,
}: {
  review: IdentityReview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reject = useRejectVerification();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useZodForm(IdentityRejectRequestSchema, { defaultValues: EMPTY_REJECTION });
  const isNoteRequired = useWatch({ control, name: 'reason' }) === 'other';
  const close = () => {
    if (reject.isPending) return;
    reset(EMPTY_REJECTION);
    onOpenChange(false);
  };
  const onSubmit = handleSubmit(({ reason, note }) =>
    reject.mutate(
      { id: review.id, body: note ? { reason, note } : { reason } },
      {
        onSuccess: () => {
          reset(EMPTY_REJECTION);
          onOpenChange(false);
        },
        onError: (error) => setError('root', { message: errorMessage(error) }),
      },
    ),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title={`Reject ${review.legalName}`}
      description="The person sees the reason and your note, and may send their documents again."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={reject.isPending} className="space-y-4">
          <legend className="sr-only">Why the documents are refused</legend>
          <RadioGroupField
            legend="Reason"
            options={REASON_OPTIONS}
            error={errors.reason?.message}
            registration={register('reason')}
          />
          <TextAreaField
            label={isNoteRequired ? 'Note to the person' : 'Note to the person (optional)'}
            rows={3}
            maxLength={500}
            error={errors.note?.message}
            {...register('note')}
          />
          <FormError message={errors.root?.message} />
          <FormActions
            submitLabel="Reject"
            busyLabel="Rejecting..."
            variant="danger"
            isBusy={reject.isPending}
            onCancel={close}
          />
        </fieldset>
      </form>
    </Modal>
  );
}

/**
 * Approve or reject a pending submission; the reviewer's own waits for someone else, and says so.
 * Nothing shows once it is decided.
 */
export function ReviewDecisions({ review }: { review: IdentityReview }) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  if (review.status !== 'pending') return null;
  if (!review.mayDecide) {
    return (
      <Notice tone="warning" role="status">
        {IDENTITY_MESSAGES.ownVerification}
      </Notice>
    );
  }
  const openChange = (dialog: 'approve' | 'reject') => (isOpen: boolean) => setOpen(isOpen ? dialog : null);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button onClick={() => setOpen('approve')}>Approve</Button>
      <Button variant="danger" onClick={() => setOpen('reject')}>
        Reject
      </Button>
      <ApproveDialog review={review} open={open === 'approve'} onOpenChange={openChange('approve')} />
      <RejectDialog review={review} open={open === 'reject'} onOpenChange={openChange('reject')} />
    </div>
  );
}
