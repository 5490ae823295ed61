import { type FormEvent, useId, useState } from 'react';
import { useSiteSettings } from '../../../shell/site-api.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { COIN_NAMES, usd } from '../format.ts';
import { AddressLoading, ChainPaymentStep } from './chain-deposit.tsx';
import { checkDepositEntry, DEPOSIT_TEXTS, type DepositDraft } from './deposit-rules.ts';
import { AmountSummary, DepositFlow, ProofField, StepCard } from './deposit-step.tsx';
import { PayableCoinChoice } from './payable-coin-choice.tsx';
import { useDepositEntry } from './use-deposit-entry.ts';
import { useDepositPayment } from './use-deposit-payment.ts';
import { WalletDetails } from './wallet-details.tsx';

/** This flow offers Bitcoin and Ethereum only (specification section 9). */
const COINS = ['btc', 'eth'] as const;
type DepositCoin = (typeof COINS)[number];
const LOADING_TEXTS: Record<DepositCoin, string> = {
  btc: 'Processing BTC Deposit',
  eth: 'Processing Eth Deposit',
};
const STEPS = ['Amount and coin', 'Make Payment'] as const;

/** /user/deposit: amount and coin, then the payment with an optional proof (specification section 4). */
export function DepositPage() {
  const minimumUsd = useSiteSettings().rules?.minDepositUsd;
  const entry = useDepositEntry<DepositCoin>((amount, coin) => checkDepositEntry(amount, coin, minimumUsd));
  const hintId = useId();

  return (
    <DepositFlow
      steps={STEPS}
      entry={{
        title: 'Fund your account',
        subtitle: 'Choose how much to deposit and the coin you will pay with.',
        submitLabel: 'CONTINUE',
        error: entry.error,
        hasMoved: entry.hasMoved,
        onSubmit: entry.submitEntry,
        fields: (
          <>
            <div>
              <TextField
                label="Amount (USD)"
                inputMode="numeric"
                autoComplete="off"
                value={entry.amount}
                onChange={(event) => entry.setAmount(event.target.value)}
                aria-describedby={hintId}
              />
              <p id={hintId} className="mt-1 min-h-4 text-xs text-slate-500">
                {minimumUsd === undefined ? null : DEPOSIT_TEXTS.minimumHint(minimumUsd)}
              </p>
            </div>
            <PayableCoinChoice legend="Pay with" coins={COINS} value={entry.coin} onChange={entry.setCoin} />
          </>
        ),
      }}
      payment={
        entry.draft && (
          <PaymentStep payment={entry.draft} onBack={entry.clearDraft} onDeposited={entry.resetEntry} />
        )
      }
    />
  );
}

function PaymentStep({
  payment: { amount, coin },
  onBack,
  onDeposited,
}: {
  payment: DepositDraft<DepositCoin>;
  onBack: () => void;
  onDeposited: () => void;
}) {
  const { chainAddress, gateway, submit, error, isSubmitting } = useDepositPayment({
    coin,
    amount,
    waitMessage: LOADING_TEXTS[coin],
    onDeposited,
  });
  const [proof, setProof] = useState<File | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(proof);
  };

  if (chainAddress.data) {
    return (
      <ChainPaymentStep title="Make Payment" amount={amount} deposit={chainAddress.data} onBack={onBack} />
    );
  }
  return (
    <StepCard
      title="Make Payment"
      subtitle={`Send the amount below in ${COIN_NAMES[coin]} to this wallet, then submit your payment.`}
      focusOnShow
    >
      <AmountSummary amount={usd(Number(amount))} coinName={COIN_NAMES[coin]} />
      {chainAddress.isPending ? <AddressLoading /> : <WalletDetails mode={coin} gateway={gateway} />}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <ProofField label="Proof of payment (optional)" onChange={setProof} />
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
            Back
          </Button>
          <Button type="submit" disabled={!gateway.isSuccess || isSubmitting}>
            Submit Payment
          </Button>
        </div>
      </form>
    </StepCard>
  );
}
