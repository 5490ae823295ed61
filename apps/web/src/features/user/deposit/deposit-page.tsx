import { type DepositDraft, depositEntryFormSchema } from '@vestora/shared';
import { useMemo } from 'react';
import { useSiteSettings } from '../../../shell/site-api.ts';
import { COIN_NAMES, usd } from '../format.ts';
import { AddressLoading, ChainPaymentStep } from './chain-deposit.tsx';
import { DEPOSIT_TEXTS } from './deposit-rules.ts';
import { AmountSummary, DepositFlow, ProofForm, StepCard } from './deposit-step.tsx';
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
  const schema = useMemo(() => depositEntryFormSchema<DepositCoin>(minimumUsd), [minimumUsd]);

  return (
    <DepositFlow
      steps={STEPS}
      entry={{
        title: 'Fund your account',
        subtitle: 'Choose how much to deposit and the coin you will pay with.',
        submitLabel: 'CONTINUE',
        schema,
        amountField: {
          label: 'Amount (USD)',
          inputMode: 'numeric',
          hint: minimumUsd === undefined ? null : DEPOSIT_TEXTS.minimumHint(minimumUsd),
        },
        coinLegend: 'Pay with',
        coins: COINS,
      }}
      payment={(draft, { onBack, onDeposited }) => (
        <PaymentStep payment={draft} onBack={onBack} onDeposited={onDeposited} />
      )}
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
      <ProofForm
        proofLabel="Proof of payment (optional)"
        isProofRequired={false}
        submitLabel="Submit Payment"
        canSubmit={gateway.isSuccess}
        isSubmitting={isSubmitting}
        error={error}
        onBack={onBack}
        onSubmit={(proof) => void submit(proof)}
      />
    </StepCard>
  );
}
