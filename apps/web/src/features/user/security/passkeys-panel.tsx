import {
  AddPasskeyRequestSchema,
  EnableTwoFactorRequestSchema,
  IdentityProofSchema,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyAssertion,
  type ResponseOf,
  type startPasskeyRegistrationRoute,
} from '@vestora/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../client/api.ts';
import { cancelPasskeyPrompt, createPasskey, isPasskeySupported } from '../../../client/passkeys.ts';
import { usePasskeys } from '../../../shell/passkeys-query.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { formatDate, formatDateTime } from '../../../ui/format.ts';
import { Notice } from '../../../ui/notice.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { proofFailureMessage, useProofForm } from '../../../ui/use-proof-form.ts';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useAddPasskey, useRemovePasskey, useStartPasskeyRegistration } from './passkeys-api.ts';
import { ProofFields } from './proof-fields.tsx';
import { useOwnSessions } from './sessions-api.ts';

/**
 * What adding or removing a passkey is proved with: the current password (required, as for a
 * second-factor change), the code once the server asks for it, or another passkey instead of both.
 */
const PasswordProofSchema = IdentityProofSchema.extend({
  password: EnableTwoFactorRequestSchema.shape.password,
});
const EMPTY_PROOF = { password: '', code: '' };

/** The proof as the server takes it: a code only once one was typed. */
const passwordProof = ({ password, code }: { password: string; code?: string | undefined }) => ({
  password,
  ...(code ? { code } : {}),
});

const PasskeyNameSchema = AddPasskeyRequestSchema.pick({ name: true });

type Registration = ResponseOf<typeof startPasskeyRegistrationRoute>['data'];

/** A name that tells this passkey from the others: the device it is made on, as its session names it. */
function useDefaultPasskeyName(): string {
  const { data } = useOwnSessions();
  return data?.data.find((session) => session.isCurrent)?.device ?? 'Passkey';
}

/**
 * Adding a passkey: who you are first, since a new passkey is a new way in: the first with the current
 * password (and code), the later ones with a passkey the account has, so a relayed password and code
 * cannot add a phisher's (decision 018). Then its name; then the browser's prompt makes it, and the
 * server keeps it.
 */
function AddPasskeyDialog({
  open,
  onOpenChange,
  hasPasskeys,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPasskeys: boolean;
}) {
  const [registration, setRegistration] = useState<Registration | null>(null);
  // The server has the last word: a list loaded before another tab added a passkey is stale.
  const [isPasskeyAsked, setIsPasskeyAsked] = useState(false);
  const isPasskeyProof = hasPasskeys || isPasskeyAsked;
  const start = useStartPasskeyRegistration();
  const proof = useProofForm(PasswordProofSchema, EMPTY_PROOF, (isOpen) => {
    if (!isOpen) {
      setRegistration(null);
      setIsPasskeyAsked(false);
    }
    onOpenChange(isOpen);
  });
  const startWith = async (body: ReturnType<typeof passwordProof> | { passkey: PasskeyAssertion }) => {
    try {
      setRegistration((await start.mutateAsync(body)).data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.details.passkeyRequired === true) setIsPasskeyAsked(true);
      throw failure;
    }
  };
  const onProvePassword = proof.submitWith((values) => startWith(passwordProof(values)));
  const onProve = (event: FormEvent<HTMLFormElement>) => {
    if (!isPasskeyProof) return void onProvePassword(event);
    event.preventDefault();
    void proof.confirmWithPasskey(startWith);
  };
  const isProving = start.isPending || proof.isConfirmingWithPasskey;

  return (
    <Modal
      open={open}
      onOpenChange={proof.close}
      title="Add a passkey"
      description={
        registration
          ? 'Name it after the device or password manager that keeps it, then follow your browser.'
          : isPasskeyProof
            ? 'Confirm with a passkey you already have: only one of your passkeys can add another.'
            : 'Your current password confirms it is you.'
      }
    >
      {registration ? (
        <PasskeyNameForm
          registration={registration}
          onExpired={(message) => {
            setRegistration(null);
            proof.showError(message);
          }}
          onDone={() => proof.close(false)}
        />
      ) : (
        <form onSubmit={onProve} noValidate>
          <fieldset disabled={isProving} className="space-y-4">
            <legend className="sr-only">Confirm it is you</legend>
            {!isPasskeyProof && (
              <ProofFields register={proof.register} errors={proof.errors} isCodeAsked={proof.isCodeAsked} />
            )}
            <FormError message={proof.error} />
            <FormActions
              submitLabel={isPasskeyProof ? 'Confirm with a passkey' : 'Continue'}
              busyLabel={isPasskeyProof ? 'Waiting for your passkey...' : 'Checking...'}
              isBusy={isProving}
              onCancel={() => proof.close(false)}
            />
          </fieldset>
        </form>
      )}
    </Modal>
  );
}

/** The second step: the passkey's name, then the browser's prompt, then the server keeps it. */
function PasskeyNameForm({
  registration,
  onExpired,
  onDone,
}: {
  registration: Registration;
  /** The server refused the new passkey: the proof is asked again for a fresh registration. */
  onExpired: (message: string) => void;
  onDone: () => void;
}) {
  const add = useAddPasskey();
  const [isPrompting, setIsPrompting] = useState(false);
  const defaultName = useDefaultPasskeyName();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(PasskeyNameSchema, { defaultValues: { name: defaultName } });
  // A dialog closed while the browser's prompt is open takes the prompt with it: no passkey is made.
  useEffect(() => () => void cancelPasskeyPrompt(), []);

  const onCreate = handleSubmit(async ({ name }) => {
    setIsPrompting(true);
    try {
      const response = await createPasskey(registration);
      await add.mutateAsync({ challengeId: registration.challengeId, name, response });
      onDone();
    } catch (failure) {
      // The browser's refusal leaves the registration usable; the server's ends it.
      if (failure instanceof ApiError) onExpired(proofFailureMessage(failure));
      else setError('root', { message: proofFailureMessage(failure) });
    } finally {
      setIsPrompting(false);
    }
  });

  return (
    <form onSubmit={(event) => void onCreate(event)} noValidate>
      <fieldset disabled={isPrompting} className="space-y-4">
        <legend className="sr-only">Name the passkey</legend>
        <TextField
          label="Passkey name"
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Create passkey"
          busyLabel="Waiting for your browser..."
          isBusy={isPrompting}
          onCancel={onDone}
        />
      </fieldset>
    </form>
  );
}

/** Removing a passkey, after the password (and code) or a passkey; the other sessions end. */
function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const proof = useProofForm(PasswordProofSchema, EMPTY_PROOF, (isOpen) => {
    if (!isOpen) onClose();
  });
  const removeWith = async (body: ReturnType<typeof passwordProof> | { passkey: PasskeyAssertion }) => {
    if (!passkey) return;
    await remove.mutateAsync({ id: passkey._id, ...body });
    proof.close(false);
  };
  const onSubmit = proof.submitWith((values) => removeWith(passwordProof(values)));

  return (
    <Modal
      open={passkey !== null}
      onOpenChange={proof.close}
      role="alertdialog"
      title="Remove this passkey"
      description={`“${passkey?.name ?? ''}” will no longer sign you in or confirm withdrawals. Your other sessions end, and withdrawals pause for a while.`}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={remove.isPending || proof.isConfirmingWithPasskey} className="space-y-4">
          <legend className="sr-only">Confirm it is you</legend>
          <ProofFields
            register={proof.register}
            errors={proof.errors}
            isCodeAsked={proof.isCodeAsked}
            passkey={{
              isBusy: proof.isConfirmingWithPasskey,
              onUse: () => void proof.confirmWithPasskey(removeWith),
            }}
          />
          <FormError message={proof.error} />
          <FormActions
            submitLabel="Remove passkey"
            busyLabel="Removing..."
            variant="danger"
            isBusy={remove.isPending}
            onCancel={() => proof.close(false)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}

function PasskeyItem({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
          <span className="min-w-0 break-words [overflow-wrap:anywhere]">{passkey.name}</span>
          {passkey.isSynced && (
            <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-600/20 ring-inset">
              Synced
            </span>
          )}
          {passkey.isDisabled && (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-600/20 ring-inset">
              Turned off: a copy was used
            </span>
          )}
        </p>
        <p className="text-xs text-slate-600">Added {formatDate(passkey.createdAt)}</p>
        <p className="text-xs text-slate-600">
          {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        aria-label={`Remove ${passkey.name}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * Security: the passkeys that sign in without a password and confirm withdrawals. Adding one asks
 * who you are first; removing one too, and ends the other sessions.
 */
export function PasskeysPanel() {
  const passkeys = usePasskeys();
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const isSupported = isPasskeySupported();
  const hasPasskeys = (passkeys.data?.data.length ?? 0) > 0;

  return (
    <section
      aria-labelledby="passkeys"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="passkeys" className="font-semibold text-slate-900">
            Passkeys
          </h2>
          <p className="text-sm text-slate-600">Sign in with your fingerprint, face or screen lock.</p>
        </div>
        <Button onClick={() => setIsAdding(true)} disabled={!isSupported}>
          Add a passkey
        </Button>
      </div>
      {!isSupported && (
        <Notice tone="warning" className="mt-3">
          {PASSKEY_MESSAGES.unsupported}
        </Notice>
      )}
      <div className="mt-3">
        <QueryView
          query={passkeys}
          loadingLabel="Loading passkeys"
          empty={{
            when: ({ data }) => data.length === 0,
            content:
              'No passkey yet. A passkey signs you in without a password, cannot be phished (it works on this site only), and confirms your withdrawals.',
          }}
        >
          {({ data }) => (
            <ul className="divide-y divide-slate-100" aria-label="Passkeys">
              {data.map((passkey) => (
                <PasskeyItem key={passkey._id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      <AddPasskeyDialog open={isAdding} onOpenChange={setIsAdding} hasPasskeys={hasPasskeys} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}
