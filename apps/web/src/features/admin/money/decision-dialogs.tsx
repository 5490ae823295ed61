import { declineFormSchema } from '@vestora/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog, FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextAreaField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import { type DecisionRoute, useDecision } from './transactions-api.ts';

/** The decision a dialog is open for, or none. */
export type OpenDecision = { kind: 'approve' | 'decline'; id: string; summary: string } | null;

/**
 * Runs one decision (the hook shows 'Please wait....', then the answer); resolves to the refusal
 * message, if any.
 * Every attempt of an opened dialog carries the same Idempotency-Key, so a retry after a lost answer
 * settles nothing twice; `forget` drops it when the dialog closes.
 */
export function useDecide() {
  const decision = useDecision();
  const dialogKey = useDialogKey();
  const decide = (route: DecisionRoute, id: string, body?: Record<string, string>) =>
    new Promise<string | undefined>((resolve) => {
      decision.mutate(
        { route, id, body, idempotencyKey: dialogKey.current() },
        // The refusal shows in the dialog that asked for the decision.
        { onSuccess: () => resolve(undefined), onError: (error) => resolve(errorMessage(error)) },
      );
    });
  return { decide, forget: dialogKey.drop, isBusy: decision.isPending };
}

/** Approve (named `approveLabel`) and Decline, each opening its dialog for this record. */
export function DecisionButtons({
  approveLabel,
  id,
  summary,
  onDecide,
}: {
  approveLabel: string;
  id: string;
  summary: string;
  onDecide: (decision: OpenDecision) => void;
}) {
  const { isKnown, can } = useStaffPermissions();
  if (!isKnown) return null;
  // Deciding deposits and withdrawals is finance's: others read the queue.
  if (!can('money.approve')) return <span className="text-xs text-slate-500">Finance decides</span>;
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => onDecide({ kind: 'approve', id, summary })}>
        {approveLabel}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onDecide({ kind: 'decline', id, summary })}>
        Decline
      </Button>
    </div>
  );
}

/** A yes/no question that sends one approval; a refusal (409 already processed…) stays in view. */
export function ApproveDialog({
  decision,
  question,
  route,
  onClose,
  children,
  body,
}: {
  decision: OpenDecision;
  question: string;
  route: DecisionRoute;
  onClose: () => void;
  children?: ReactNode;
  body?: Record<string, string>;
}) {
  const { decide, forget, isBusy } = useDecide();
  const [refusal, setRefusal] = useState<string>();
  const isOpen = decision?.kind === 'approve';
  const close = () => {
    if (isBusy) return;
    setRefusal(undefined);
    forget();
    onClose();
  };
  const onConfirm = async () => {
    if (!decision) return;
    const problem = await decide(route, decision.id, body);
    if (problem) setRefusal(problem);
    else close();
  };
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={(open) => !open && close()}
      title={decision ? `Approve ${decision.summary}` : 'Approve'}
      question={question}
      confirmLabel="Confirm"
      busyLabel="Confirming..."
      isBusy={isBusy}
      onConfirm={() => void onConfirm()}
    >
      {children}
      <FormError message={refusal} />
    </ConfirmDialog>
  );
}

/**
 * Declines with a reason the user will see; `isReasonRequired` where a reason is owed, `children`
 * above the reason for what the person should know first.
 */
export function DeclineDialog({
  decision,
  route,
  onClose,
  isReasonRequired = false,
  children,
}: {
  decision: OpenDecision;
  route: DecisionRoute;
  onClose: () => void;
  isReasonRequired?: boolean;
  children?: ReactNode;
}) {
  const { decide, forget, isBusy } = useDecide();
  const schema = useMemo(() => declineFormSchema(isReasonRequired), [isReasonRequired]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { reason: '' } });
  const close = () => {
    if (isBusy) return;
    reset();
    forget();
    onClose();
  };
  // The answer is awaited outside the submission, so closing resets a form that is done submitting.
  const onSubmit = handleSubmit(({ reason }) => {
    if (!decision) return;
    void decide(route, decision.id, reason ? { reason } : undefined).then((refusal) => {
      if (refusal) setError('root', { message: refusal });
      else close();
    });
  });
  return (
    <Modal
      open={decision?.kind === 'decline'}
      onOpenChange={(open) => !open && close()}
      title={decision ? `Decline ${decision.summary}` : 'Decline'}
      description="The user sees the reason in their history."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {children}
        <TextAreaField
          label={isReasonRequired ? 'Reason' : 'Reason (optional)'}
          rows={3}
          maxLength={500}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Decline"
          busyLabel="Declining..."
          variant="danger"
          isBusy={isBusy}
          onCancel={close}
        />
      </form>
    </Modal>
  );
}
