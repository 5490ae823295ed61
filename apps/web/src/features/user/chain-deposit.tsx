import { useQueryClient } from '@tanstack/react-query';
import { type ChainPayment, type DepositAddress, MESSAGES } from '@vestora/shared';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../ui/button.tsx';
import { CopyIcon } from '../../ui/icons.tsx';
import { useChainDeposits } from './deposit-api.ts';
import { AmountSummary, StepCard } from './deposit-step.tsx';
import { COIN_NAMES, usd } from './format.ts';
import { HISTORY_KEY } from './history-api.ts';
import { copyText } from './wallet-details.tsx';

function statusText(payment: ChainPayment | undefined): string {
  if (!payment) return 'Waiting for payment…';
  const coin = payment.coin.toUpperCase();
  switch (payment.state) {
    case 'detected':
      return `Payment detected: ${payment.coinAmount} ${coin}. Waiting for its first confirmation.`;
    case 'confirming':
      return payment.confirmations >= payment.requiredConfirmations
        ? `Confirmed (${payment.confirmations} of ${payment.requiredConfirmations} confirmations). It is credited as soon as the ${coin} rate is current.`
        : `${payment.confirmations} of ${payment.requiredConfirmations} confirmations`;
    case 'credited':
      return `Credited: ${usd(payment.amount)} added to your balance.`;
    case 'orphaned':
      return 'The payment left the blockchain before it was confirmed, so nothing was credited.';
  }
}

/**
 * Where to pay when the operator watches the chain: the user's own address of the coin, with its QR
 * code, and the payment's progress, asked again every few seconds, from "waiting" to "credited".
 */
export function ChainDepositPanel({ deposit }: { deposit: DepositAddress }) {
  const payments = useChainDeposits();
  const queryClient = useQueryClient();
  const latest = payments.data?.find(
    (payment) => payment.address === deposit.address && payment.coin === deposit.coin,
  );
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (latest?.state !== 'credited' || announced.current === latest._id) return;
    announced.current = latest._id;
    toast.success(`Deposit credited: ${usd(latest.amount)}`);
    // The balance and the history change with a credit.
    void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [latest, queryClient]);

  const onCopy = async () => {
    if (await copyText(deposit.address)) toast.success(MESSAGES.addressCopied);
    else toast.error('Copying is blocked here. Select the address and copy it by hand.');
  };
  const coinName = COIN_NAMES[deposit.coin];

  return (
    <div className="space-y-4">
      <img
        src={deposit.qr}
        alt={`QR code of your ${coinName} deposit address`}
        width={176}
        height={176}
        className="mx-auto h-44 w-44 rounded-xl border border-slate-200 bg-white object-contain p-2"
      />
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700">Your {coinName} deposit address</p>
        <div className="flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 py-2 pr-2 pl-3">
          <code className="min-w-0 flex-1 py-1 font-mono text-sm break-all text-slate-900">
            {deposit.address}
          </code>
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
      <dl className="grid gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Network</dt>
          <dd className="font-semibold text-slate-900">{deposit.network}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Credited after</dt>
          <dd className="font-semibold text-slate-900">{deposit.confirmations} confirmations</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        This address is yours alone. Whatever arrives on it is credited to your balance once confirmed; there
        is nothing to upload.
      </p>
      <div
        role="status"
        aria-live="polite"
        data-state={latest?.state ?? 'waiting'}
        className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900"
      >
        {statusText(latest)}
        {latest && (
          <a
            href={latest.txUrl}
            target="_blank"
            rel="noreferrer"
            className="mt-1 block truncate font-mono text-xs font-normal text-brand-800 underline"
          >
            Transaction {latest.txId}
          </a>
        )}
      </div>
    </div>
  );
}

/** The payment step of either deposit flow for a coin the operator watches on chain. */
export function ChainPaymentStep({
  title,
  amount,
  deposit,
  onBack,
}: {
  title: string;
  amount: string;
  deposit: DepositAddress;
  onBack: () => void;
}) {
  const coinName = COIN_NAMES[deposit.coin];
  return (
    <StepCard
      title={title}
      subtitle={`Send ${usd(Number(amount))} in ${coinName} to your own deposit address below.`}
      focusOnShow
    >
      <AmountSummary amount={usd(Number(amount))} coinName={coinName} />
      <ChainDepositPanel deposit={deposit} />
      <div className="flex">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      </div>
    </StepCard>
  );
}

/** While the server says whether the coin has a watched wallet. */
export function AddressLoading() {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-6 text-sm text-slate-600"
    >
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      Loading the deposit address…
    </div>
  );
}
