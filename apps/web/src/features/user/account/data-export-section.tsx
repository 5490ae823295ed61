import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORTS_PER_DAY,
  type DataExportForm,
  DataExportFormSchema,
  type PasskeyAssertion,
} from '@vestora/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useHasPasskeys } from '../../../shell/passkeys-query.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/field.tsx';
import { useProofForm } from '../../../ui/use-proof-form.ts';
import { ProofFields } from '../security/proof-fields.tsx';
import { useDownloadOwnData } from './data-export-api.ts';

const EMPTY_FORM: Required<DataExportForm> = { password: '', code: '' };

type Proof = { password: string; code?: string } | { passkey: PasskeyAssertion };

/** The password (and code, once asked) or a passkey, then the download. */
function DataExportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const download = useDownloadOwnData();
  const hasPasskeys = useHasPasskeys({ enabled: open });
  const {
    register,
    errors,
    error,
    isCodeAsked,
    close,
    submitWith,
    confirmWithPasskey,
    isConfirmingWithPasskey,
  } = useProofForm(DataExportFormSchema, EMPTY_FORM, onOpenChange);

  const downloadWith = async (proof: Proof) => {
    await download.mutateAsync(proof);
    toast.success(DATA_EXPORT_MESSAGES.downloaded);
    close(false);
  };
  const onSubmit = submitWith(({ password, code }) => downloadWith({ password, ...(code ? { code } : {}) }));

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Download my data"
      description="Enter your password to confirm it is you: the archive holds your identity documents."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={download.isPending || isConfirmingWithPasskey} className="space-y-4">
          <legend className="sr-only">Confirm with your password</legend>
          <ProofFields
            register={register}
            errors={errors}
            isCodeAsked={isCodeAsked}
            passkey={
              hasPasskeys
                ? { isBusy: isConfirmingWithPasskey, onUse: () => void confirmWithPasskey(downloadWith) }
                : undefined
            }
          />
          <FormError message={error} />
          <FormActions
            submitLabel="Download"
            busyLabel="Preparing..."
            isBusy={download.isPending}
            onCancel={() => close(false)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}

/** Settings: a copy of everything Vestora holds on the person, as a zip. */
export function DataExportSection() {
  const [isDownloading, setIsDownloading] = useState(false);
  return (
    <section
      aria-labelledby="your-data"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="max-w-prose">
        <h2 id="your-data" className="font-semibold text-slate-900">
          Your data
        </h2>
        <p className="text-sm text-slate-600">
          A zip of everything we hold about you: your profile, sessions and sign-ins, statement, deposits,
          withdrawals, plans, support conversations, notifications and the devices they go to, saved
          addresses, passkeys, and your identity verification with its documents. Up to {DATA_EXPORTS_PER_DAY}{' '}
          downloads in 24 hours.
        </p>
      </div>
      <Button onClick={() => setIsDownloading(true)}>Download my data</Button>
      <DataExportDialog open={isDownloading} onOpenChange={setIsDownloading} />
    </section>
  );
}
