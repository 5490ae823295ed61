import { COINS, type Coin, DepoEntryFormSchema, type DepositDraft } from '@vestora/shared';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { COIN_NAMES, usd } from '../format.ts';
import { AddressLoading, ChainPaymentStep } from './chain-deposit.tsx';
import { AmountSummary, DepositFlow, ProofForm, StepCard } from './deposit-step.tsx';
import { useDepositPayment } from './use-deposit-payment.ts';
import { WalletDetails } from './wallet-details.tsx';

const STEPS = ['Fund Your Account', 'Transaction Details'] as const;

/** /user/depo: amount and method, then the wallet and a required proof (specification section 4). */
export function DepoPage() {
  return (
    <DepositFlow
      steps={STEPS}
      entry={{
        title: 'Fund Your Account',
        subtitle: 'Enter the amount and choose how you will pay.',
        submitLabel: 'Proceed to Payment',
        schema: DepoEntryFormSchema,
        amountField: { label: 'Amount to Deposit', inputMode: 'decimal', placeholder: '100.00' },
        coinLegend: 'Payment method',
        coins: COINS,
      }}
      payment={(draft, { onBack, onDeposited }) => (
        <TransactionStep draft={draft} onBack={onBack} onDeposited={onDeposited} />
      )}
    />
  );
}

function TransactionStep({
  draft: { amount, coin },
  onBack,
  onDeposited,
}: {
  draft: DepositDraft<Coin>;
  onBack: () => void;
  onDeposited: () => void;
}) {
  const { chainAddress, gateway, submit, error, isSubmitting } = useDepositPayment({
    coin,
    amount,
    waitMessage: 'Deposit Processing...',
    onDeposited,
  });
  const [hasPaid, setHasPaid] = useState(false);

  if (chainAddress.data) {
    return (
      <ChainPaymentStep
        title="Transaction Details"
        amount={amount}
        deposit={chainAddress.data}
        onBack={onBack}
      />
    );
  }
  return (
    <StepCard
      title="Transaction Details"
      subtitle={`Pay ${usd(Number(amount))} in ${COIN_NAMES[coin]} to the wallet address below.`}
      focusOnShow
    >
      <AmountSummary amount={usd(Number(amount))} coinName={COIN_NAMES[coin]} />
      {chainAddress.isPending ? <AddressLoading /> : <WalletDetails mode={coin} gateway={gateway} />}
      {hasPaid ? (
        <ProofForm
          proofLabel="Proof of payment"
          isProofRequired
          focusOnShow
          submitLabel={isSubmitting ? 'Submitting...' : 'Submit'}
          canSubmit={gateway.isSuccess}
          isSubmitting={isSubmitting}
          error={error}
          onBack={onBack}
          onSubmit={(proof) => void submit(proof)}
        />
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button onClick={() => setHasPaid(true)} disabled={!gateway.isSuccess}>
            I have made payment
          </Button>
        </div>
      )}
    </StepCard>
  );
}
