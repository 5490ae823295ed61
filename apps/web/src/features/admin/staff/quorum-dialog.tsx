import { QUORUM_KIND_LABELS, type QuorumRule, SetQuorumRequestSchema } from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useSetQuorum } from './staff-api.ts';

function QuorumForm({ rule, onDone }: { rule: QuorumRule; onDone: () => void }) {
  const setQuorum = useSetQuorum();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(SetQuorumRequestSchema, { defaultValues: { kind: rule.kind, quorum: rule.quorum } });

  const onSubmit = handleSubmit((body) => {
    setQuorum.mutate(body, {
      onSuccess: onDone,
      onError: (error) => setError('root', { message: errorMessage(error) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <TextField
        label="People who must agree"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.min(9, Math.max(1, rule.eligible))}
        step={1}
        error={errors.quorum?.message}
        {...register('quorum', { valueAsNumber: true })}
      />
      <FormError message={errors.root?.message} />
      <FormActions submitLabel="Save" busyLabel="Saving..." isBusy={setQuorum.isPending} onCancel={onDone} />
    </form>
  );
}

/** Changes how many people must agree to one kind of guarded action; the change itself may wait for approval. */
export function QuorumDialog({
  rule,
  open,
  onOpenChange,
}: {
  rule: QuorumRule;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={QUORUM_KIND_LABELS[rule.kind]}
      description={`${rule.kind === 'withdrawal' ? 'A customer asks for a withdrawal, so this many staff approve it.' : 'The person who proposes counts as one of them.'} It cannot be more than the ${rule.eligible} staff who can approve this today.`}
    >
      <QuorumForm rule={rule} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
