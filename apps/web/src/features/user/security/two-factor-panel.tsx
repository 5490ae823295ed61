import {
  DisableTwoFactorRequestSchema,
  EnableTwoFactorRequestSchema,
  type LoginOutcome,
} from '@vestora/shared';
import { useState } from 'react';
import { type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { DialogActions, FormActions, Modal } from '../../../ui/dialog.tsx';
import { CurrentPasswordField, FormError, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { formatDateTime } from '../format.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useLoginHistory,
  useRenewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './two-factor-api.ts';

/** The recovery codes, in plain text this once; the server keeps only their hashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 font-mono text-sm"
      >
        {codes.map((recoveryCode) => (
          <li key={recoveryCode}>{recoveryCode}</li>
        ))}
      </ul>
      <DialogActions>
        <Button onClick={onDone}>I have saved them</Button>
      </DialogActions>
    </div>
  );
}

/** What a second-factor change is proved with, as both of its forms hold it. */
interface Proof {
  password: string;
  code: string;
}

const EMPTY_PROOF: Proof = { password: '', code: '' };

/** The proof asked before a second-factor change: the current password, and a code when it is on. */
function ProofFields({
  register,
  errors,
  codeLabel,
}: {
  register: UseFormRegister<Proof>;
  errors: FieldErrors<Proof>;
  codeLabel: string;
}) {
  return (
    <>
      <CurrentPasswordField error={errors.password?.message} {...register('password')} />
      <TextField
        label={codeLabel}
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
    </>
  );
}

function EnableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useZodForm(EnableTwoFactorRequestSchema, { defaultValues: EMPTY_PROOF });
  const code = useWatch({ control, name: 'code' });

  const close = () => {
    start.reset();
    reset(EMPTY_PROOF);
    setRecoveryCodes(null);
    onOpenChange(false);
  };

  const onConfirm = handleSubmit((proof) =>
    confirm.mutate(proof, {
      onSuccess: ({ data }) => {
        reset(EMPTY_PROOF);
        setRecoveryCodes(data.recoveryCodes);
      },
      onError: (failure) => setError('root', { message: errorMessage(failure) }),
    }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Turn on two-factor sign-in"
      description="After your password, signing in will ask for a code from an authenticator app on your phone."
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={close} />
      ) : start.data ? (
        <form onSubmit={(event) => void onConfirm(event)} noValidate className="space-y-4">
          <img
            src={start.data.data.qrCode}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
            className="mx-auto rounded-lg border"
          />
          <p className="text-center text-xs break-all text-slate-500">
            Or enter this key by hand:{' '}
            <span className="font-mono text-slate-800">{start.data.data.secret}</span>
          </p>
          <ProofFields register={register} errors={errors} codeLabel="Code from the app" />
          <FormError message={errors.root?.message} />
          <FormActions
            submitLabel="Turn on"
            busyLabel="Checking..."
            isBusy={confirm.isPending}
            canSubmit={code.trim() !== ''}
            onCancel={close}
          />
        </form>
      ) : (
        <div className="space-y-3">
          <FormError message={start.error ? errorMessage(start.error) : undefined} />
          <DialogActions>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? 'Preparing...' : 'Show the QR code'}
            </Button>
          </DialogActions>
        </div>
      )}
    </Modal>
  );
}

/**
 * The password and a code (from the app, or a recovery code) that turning two-factor off and
 * renewing the recovery codes both ask for; a refusal stays in the form.
 */
function ProofForm({
  submitLabel,
  busyLabel,
  variant = 'primary',
  isBusy,
  onProve,
  onCancel,
}: {
  submitLabel: string;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  isBusy: boolean;
  onProve: (proof: { password: string; code: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(DisableTwoFactorRequestSchema, { defaultValues: EMPTY_PROOF });

  const onSubmit = handleSubmit(async (proof) => {
    try {
      await onProve(proof);
      reset(EMPTY_PROOF);
    } catch (failure) {
      setError('root', { message: errorMessage(failure) });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <ProofFields register={register} errors={errors} codeLabel="Code from the app, or a recovery code" />
      <FormError message={errors.root?.message} />
      <FormActions
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        variant={variant}
        isBusy={isBusy}
        onCancel={onCancel}
      />
    </form>
  );
}

function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const disable = useDisableTwoFactor();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Turn off two-factor sign-in">
      <ProofForm
        submitLabel="Turn off"
        busyLabel="Turning off..."
        variant="danger"
        isBusy={disable.isPending}
        onProve={async (proof) => {
          await disable.mutateAsync(proof);
          onOpenChange(false);
        }}
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}

/** New recovery codes replace the old ones, after the same proof as turning it off. */
function RenewCodesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const renew = useRenewRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const close = () => {
    setRecoveryCodes(null);
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="New recovery codes"
      description="The recovery codes you have now stop working, and your other devices are signed out."
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={close} />
      ) : (
        <ProofForm
          submitLabel="Make new codes"
          busyLabel="Checking..."
          isBusy={renew.isPending}
          onProve={async (proof) => setRecoveryCodes((await renew.mutateAsync(proof)).data.recoveryCodes)}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

/** Security: two-factor sign-in, with the codes shown once. */
export function TwoFactorPanel() {
  const { data } = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'renew' | null>(null);
  const status = data?.data;
  return (
    <section
      aria-labelledby="two-factor"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="two-factor" className="font-semibold text-slate-900">
            Two-factor sign-in
          </h2>
          <p className="text-sm text-slate-600">
            {status?.isEnabled
              ? `On. ${status.recoveryCodesLeft} recovery code${status.recoveryCodesLeft === 1 ? '' : 's'} left.`
              : 'Off. Add a code from your phone to every sign-in.'}
          </p>
        </div>
        {status &&
          (status.isEnabled ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('renew')}>
                New recovery codes
              </Button>
              <Button variant="secondary" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            </div>
          ) : (
            <Button onClick={() => setDialog('enable')}>Turn on</Button>
          ))}
      </div>
      <EnableDialog open={dialog === 'enable'} onOpenChange={(open) => setDialog(open ? 'enable' : null)} />
      <DisableDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
      />
      <RenewCodesDialog open={dialog === 'renew'} onOpenChange={(open) => setDialog(open ? 'renew' : null)} />
    </section>
  );
}

const OUTCOMES: Record<LoginOutcome, string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  suspended: 'Refused: account suspended',
  code_required: 'Password accepted, code asked',
  wrong_code: 'Wrong code',
  wrong_passkey: 'Passkey refused',
  second_factor_reset: 'Two-factor reset by an administrator',
  account_locked: 'Account locked from e-mail link',
};

/** Security: the latest sign-in attempts on this account, so a stranger's shows up. */
export function LoginHistoryPanel() {
  const { data, isPending, isError, error } = useLoginHistory();
  return (
    <section
      aria-labelledby="login-history"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="login-history" className="font-semibold text-slate-900">
        Recent sign-ins
      </h2>
      <p className="mb-3 text-sm text-slate-600">Every attempt on your account, successful or not.</p>
      {isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : isError ? (
        <FormError message={errorMessage(error)} />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.data.map((event) => (
            <li key={event._id} className="grid gap-0.5 py-3 sm:grid-cols-[10rem_1fr] sm:gap-x-4">
              <span
                className={
                  event.outcome === 'success' ? 'font-medium text-green-800' : 'font-medium text-red-700'
                }
              >
                {OUTCOMES[event.outcome]}
              </span>
              <span className="text-slate-700">
                {formatDateTime(event.createdAt)} · IP {event.ip}
              </span>
              <span
                className="truncate text-xs text-slate-500 sm:col-start-2"
                title={event.userAgent ?? undefined}
              >
                {event.userAgent ?? 'Unknown browser'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
