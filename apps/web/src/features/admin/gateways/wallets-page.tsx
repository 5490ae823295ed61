import { type Coin, type Wallet, WalletFormSchema } from '@vestora/shared';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { PendingChangesPanel } from '../approvals/pending-changes-panel.tsx';
import { useRemoveWallet, useSetWallet, useWallets } from './wallets-api.ts';

const COIN_LABELS: Record<Coin, string> = {
  btc: 'Bitcoin (BTC)',
  eth: 'Ethereum (ETH)',
  usdt: 'USDT (ERC-20)',
};
const KEY_HINTS: Record<Coin, string> = {
  btc: "The BIP84 account key (m/84'/0'/0'): a zpub, or vpub on test networks.",
  eth: "The account key of m/44'/60'/0', exported as an xpub.",
  usdt: "The same Ethereum account key (m/44'/60'/0'): USDT arrives on the users' Ethereum addresses.",
};
const DEFAULT_CONFIRMATIONS: Record<Coin, number> = { btc: 3, eth: 12, usdt: 12 };
const NODE_NAMES: Record<NonNullable<Wallet['missingNodeSetting']>, string> = {
  BITCOIN_RPC_URL: 'Bitcoin',
  ETHEREUM_RPC_URL: 'Ethereum',
};

/** Why a coin's key gives no one their own address yet: nothing would watch it. */
function MissingNodeNotice({ setting }: { setting: NonNullable<Wallet['missingNodeSetting']> }) {
  return (
    <Notice tone="warning">
      No {NODE_NAMES[setting]} node is configured, so depositors of this coin are shown the gateway address
      and upload a proof of payment. To give each of them their own address, set{' '}
      <code className="font-mono font-semibold">{setting}</code> in the server's environment and restart it,
      then save the key.
    </Notice>
  );
}

/** Takes the coin's key away after a confirmation; the toast says whether it waits for approval. */
function RemoveWalletButton({ coin }: { coin: Coin }) {
  const removeWallet = useRemoveWallet();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setError(undefined);
          setIsOpen(true);
        }}
      >
        Remove key
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={(open) => {
          if (!removeWallet.isPending) setIsOpen(open);
        }}
        title={`Remove the ${COIN_LABELS[coin]} key?`}
        question="Depositors of this coin go back to its gateway address and upload a proof of payment. Payments already sent to their own addresses are still credited while a node watches them."
        confirmLabel="Remove key"
        busyLabel="Removing…"
        isBusy={removeWallet.isPending}
        variant="danger"
        onConfirm={() =>
          removeWallet.mutate(coin, {
            onSuccess: () => setIsOpen(false),
            onError: (failed) => setError(errorMessage(failed)),
          })
        }
      >
        {error && (
          <Notice tone="error" role="alert">
            {error}
          </Notice>
        )}
      </ConfirmDialog>
    </>
  );
}

function WalletCard({ wallet }: { wallet: Wallet }) {
  const setWallet = useSetWallet();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useZodForm(WalletFormSchema, {
    defaultValues: {
      xpub: wallet.xpub ?? '',
      confirmations: String(wallet.confirmations ?? DEFAULT_CONFIRMATIONS[wallet.coin]),
    },
  });
  const [preview, setPreview] = useState<string[] | null>(null);
  const hintId = useId();
  // A changed key or count must be checked again before it can be saved.
  const forgetPreview = () => setPreview(null);

  const onSubmit = handleSubmit((request) => {
    const isPreview = preview === null;
    setWallet.mutate(
      { coin: wallet.coin, ...request, preview: isPreview },
      {
        onSuccess: ({ data }) => setPreview(isPreview ? data.addresses : null),
        onError: (failed) => setError('root', { message: errorMessage(failed) }),
      },
    );
  });
  const shown = preview ?? wallet.addresses;

  return (
    <Card as="li" className="min-w-0 space-y-4 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{COIN_LABELS[wallet.coin]}</h2>
        <p className="text-sm text-slate-600">
          {wallet.xpub
            ? `Highest index used: ${wallet.highestIndex ?? 'none yet'}`
            : 'No wallet: deposits use the gateway address and a proof of payment.'}
        </p>
      </div>
      {wallet.missingNodeSetting && <MissingNodeNotice setting={wallet.missingNodeSetting} />}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3">
        <div>
          <TextField
            label="Extended public key"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            className="[&_input]:font-mono"
            error={errors.xpub?.message}
            {...register('xpub', { onChange: forgetPreview })}
          />
          <p id={hintId} className="mt-1 text-xs text-slate-500">
            {KEY_HINTS[wallet.coin]} Never a private key.
          </p>
        </div>
        <TextField
          label="Confirmations before crediting"
          inputMode="numeric"
          className="max-w-48"
          error={errors.confirmations?.message}
          {...register('confirmations', { onChange: forgetPreview })}
        />
        {shown.length > 0 && (
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">
              {preview ? 'Compare with your wallet before saving' : 'First receive addresses'}
            </p>
            <ol className="space-y-1 rounded-lg bg-slate-50 p-3 font-mono text-xs break-all text-slate-800">
              {shown.map((address, index) => (
                <li key={address}>
                  {index}: {address}
                </li>
              ))}
            </ol>
          </div>
        )}
        <FormError message={errors.root?.message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={setWallet.isPending || !watch('xpub').trim()}>
            {preview ? 'Save wallet' : 'Check addresses'}
          </Button>
          {wallet.xpub && <RemoveWalletButton coin={wallet.coin} />}
        </div>
      </form>
    </Card>
  );
}

/** /admin/wallets: the watch-only keys each user's deposit address is derived from. */
export function WalletsPage() {
  const { data, isPending, isError, error } = useWallets();
  useEffect(() => {
    if (isError) toast.error(errorMessage(error));
  }, [isError, error]);

  return (
    <section className="space-y-6">
      <PageHeader
        title="Wallets"
        description="With a watch-only key, every user gets their own deposit address and payments are credited after their confirmations, without a proof. Set your wallet's gap limit above the highest index used."
      />
      <PendingChangesPanel quorum="destination" />
      {isPending ? (
        <PageSpinner label="Loading wallets" />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {data?.data.map((wallet) => (
            <WalletCard key={`${wallet.coin}:${wallet.xpub ?? ''}`} wallet={wallet} />
          ))}
        </ul>
      )}
    </section>
  );
}
