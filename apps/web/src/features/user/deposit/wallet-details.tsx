import type { UseQueryResult } from '@tanstack/react-query';
import { type Coin, type Gateway, MESSAGES } from '@vestora/shared';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../ui/button.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { CopyIcon } from '../../../ui/icons.tsx';
import { COIN_NAMES } from '../format.ts';
import { DEPOSIT_TEXTS } from './deposit-rules.ts';

/**
 * Ether and USDT travel as ERC-20 on Ethereum (specification: network type ERC), unless the
 * operator's USDT address is on TRON; paying on the other chain loses the money.
 */
const NETWORKS: Record<Coin, string> = { btc: 'Bitcoin', eth: 'ERC', usdt: 'ERC' };
const networkName = (mode: Coin, gateway: Gateway) =>
  gateway.network === 'tron' ? 'TRC-20 (TRON)' : NETWORKS[mode];

/**
/** The QR code of an address, the address itself and a button that copies exactly it. */
export function AddressToPay({
  address,
  qr,
  qrAlt,
  label,
}: {
  address: string;
  qr: string;
  qrAlt: string;
  label: string;
}) {
  const onCopy = async () => {
    if (await copyText(address)) toast.success(MESSAGES.addressCopied);
    else toast.error(MESSAGES.copyBlocked);
  };
  return (
    <>
      <img
        src={qr}
        alt={qrAlt}
        width={176}
        height={176}
        className="mx-auto h-44 w-44 rounded-xl border border-slate-200 bg-white object-contain p-2"
      />
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
        <div className="flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 py-2 pr-2 pl-3">
          <code className="min-w-0 flex-1 py-1 font-mono text-sm break-all text-slate-900">{address}</code>
          <button
            type="button"
            onClick={() => void onCopy()}
            aria-label="Copy address"
            className="shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-white hover:text-brand-700"
          >
            <CopyIcon />
          </button>
        </div>
      </div>
    </>
  );
}

/**
 * Where to pay: the address and QR code of the operator's wallet for `mode`. While it is missing
 * the parent keeps its pay buttons disabled, so nobody pays to nothing.
 */
export function WalletDetails({ mode, gateway }: { mode: Coin; gateway: UseQueryResult<Gateway> }) {
  const { isError, errorUpdatedAt } = gateway;
  useEffect(() => {
    // Keyed by the failure's time, so a retry that fails again says so again.
    if (isError && errorUpdatedAt) toast.error(DEPOSIT_TEXTS.gatewayFailed, { id: 'gateway-error' });
  }, [isError, errorUpdatedAt]);

  if (gateway.isPending) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-6 text-sm text-slate-600"
      >
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
        Loading the wallet address…
      </div>
    );
  }
  if (gateway.isError) {
    return (
      <div
        role="alert"
        className="space-y-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-700"
      >
        <p>{DEPOSIT_TEXTS.gatewayFailed}</p>
        <Button variant="secondary" onClick={() => void gateway.refetch()} disabled={gateway.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const { add: address, image } = gateway.data;
  return (
    <div className="space-y-4">
      <AddressToPay
        address={address}
        qr={image}
        qrAlt={`QR code of the ${COIN_NAMES[mode]} wallet address`}
        label="Wallet address"
      />
      <dl className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <dt className="text-slate-600">Network type</dt>
        <dd className="font-semibold text-slate-900">{networkName(mode, gateway.data)}</dd>
      </dl>
    </div>
  );
}
