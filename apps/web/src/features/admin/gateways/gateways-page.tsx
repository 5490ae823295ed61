import { COINS, type Coin, type Gateway, GatewayFormSchema, MESSAGES, networkLabel } from '@vestora/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { ConfirmDialog, FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, SelectField, TextField } from '../../../ui/field.tsx';
import { CopyIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { PendingChangesPanel } from '../approvals/pending-changes-panel.tsx';
import { RatesPanel } from '../money/rates-panel.tsx';
import { useAddGateway, useDeleteGateway, useGateways } from './gateways-api.ts';

const COIN_LABELS: Record<Coin, string> = {
  btc: 'Bitcoin (BTC)',
  eth: 'Ethereum (ETH)',
  usdt: 'Tether (USDT)',
};

/** The server's reason when it gave one (an invalid address, a refused file), else the spec's text. */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 ? error.message : fallback;

function AddGatewayDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const addGateway = useAddGateway();
  const {
    register,
    handleSubmit,
    reset: resetForm,
    setError,
    formState: { errors },
  } = useZodForm(GatewayFormSchema, { defaultValues: { add: '', type: '' } });
  // The QR image is held beside the form: it is sent as it is, and previewed.
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const reset = () => {
    resetForm();
    setImage(null);
  };

  const onSubmit = handleSubmit(({ add, type }) => {
    addGateway.mutate(
      { add, type, image },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
        },
        onError: (failed) => {
          const message = failure(failed, 'Failed to add gateway');
          setError('root', { message });
          toast.error(message);
        },
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Add Gateway"
      description="Depositors of this coin are shown the newest address. Leave the image empty to generate the QR code from the address."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <TextField
          label="Wallet address"
          autoComplete="off"
          spellCheck={false}
          error={errors.add?.message}
          {...register('add')}
        />
        <SelectField label="Type" error={errors.type?.message} {...register('type')}>
          <option value="">Choose a coin</option>
          {COINS.map((coin) => (
            <option key={coin} value={coin}>
              {COIN_LABELS[coin]}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor="gateway-image" className="mb-1.5 block text-sm font-medium text-slate-700">
            QR image (optional)
          </label>
          <input
            id="gateway-image"
            aria-describedby="gateway-image-hint"
            type="file"
            // Only PNG: the server reads the QR code of a PNG alone (and refuses any other type), so
            // the picker offers exactly what it accepts.
            accept="image/png,.png"
            onChange={(event) => setImage(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id="gateway-image-hint" className="mt-1 text-xs text-slate-600">
            A PNG of the address's QR code. Left empty, the QR code is made from the address.
          </p>
          {preview && (
            <img
              src={preview}
              alt="Preview of the QR code"
              width={128}
              height={128}
              className="mt-3 rounded-lg border"
            />
          )}
        </div>
        <FormError message={errors.root?.message} />
        <FormActions
          submitLabel="Add Gateway"
          busyLabel="Adding..."
          isBusy={addGateway.isPending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Modal>
  );
}

function GatewayCard({ gateway, onDelete }: { gateway: Gateway; onDelete: () => void }) {
  const copy = async () => {
    if (await copyText(gateway.add)) toast.success(MESSAGES.addressCopied);
    else toast.error(MESSAGES.copyBlocked);
  };
  return (
    <Card as="li" className="flex gap-4 p-4">
      <img
        src={gateway.image}
        alt={`QR code of the ${gateway.type.toUpperCase()} address`}
        width={96}
        height={96}
        loading="lazy"
        className="h-24 w-24 shrink-0 rounded-lg border border-slate-100"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">{COIN_LABELS[gateway.type]}</p>
        <p className="text-xs text-slate-500">Network: {networkLabel(gateway.type, gateway.network)}</p>
        <p className="mt-1 font-mono text-xs break-all text-slate-600">{gateway.add}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            <CopyIcon width={14} height={14} /> Copy
          </Button>
          <Button variant="danger" size="sm" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function GatewaysPage() {
  const { data, isPending, isError, error } = useGateways();
  const deleteGateway = useDeleteGateway();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<Gateway | null>(null);

  useEffect(() => {
    if (isError) toast.error(failure(error, 'Error fetching posts'));
  }, [isError, error]);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteGateway.mutate(deleting._id, {
      onSuccess: () => setDeleting(null),
      onError: (failed) => toast.error(failure(failed, 'Failed to delete gateway')),
    });
  };

  return (
    <section className="space-y-6">
      <PageHeader
        title="Payment Gateways"
        description="The wallet addresses depositors pay to, with their QR codes."
      >
        <Button onClick={() => setIsAdding(true)}>Add Gateway</Button>
      </PageHeader>
      <PendingChangesPanel quorum="destination" />
      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Saved Gateways</h2>
        {isPending ? (
          <PageSpinner label="Loading gateways" />
        ) : data && data.data.length > 0 ? (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {data.data.map((gateway) => (
              <GatewayCard key={gateway._id} gateway={gateway} onDelete={() => setDeleting(gateway)} />
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
            No gateways found.
          </p>
        )}
      </div>
      <RatesPanel />
      <AddGatewayDialog open={isAdding} onOpenChange={setIsAdding} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete gateway"
        question="Depositors will no longer be shown this address. Deposits already made keep it on record."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deleteGateway.isPending}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </section>
  );
}
