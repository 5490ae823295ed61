import { useQueryClient } from '@tanstack/react-query';
import type { ChainPayment, DepositAddress } from '@vestora/shared';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../ui/button.tsx';
import { COIN_NAMES, usd } from '../format.ts';
import { HISTORY_KEY } from '../history/history-api.ts';
import { useChainDeposits } from './deposit-api.ts';
import { AmountSummary, StepCard } from './deposit-step.tsx';
import { AddressToPay } from './wallet-details.tsx';

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

  const coinName = COIN_NAMES[deposit.coin];

  return (
    <div className="space-y-4">
      <AddressToPay
        address={deposit.address}
        qr={deposit.qr}
        qrAlt={`QR code of your ${coinName} deposit address`}
        label={`Your ${coinName} deposit address`}
      />
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
