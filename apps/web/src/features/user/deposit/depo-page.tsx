import { COINS, type Coin } from '@vestora/shared';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../ui/button.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { COIN_NAMES, usd } from '../format.ts';
import { AddressLoading, ChainPaymentStep } from './chain-deposit.tsx';
import { checkDepoEntry, DEPOSIT_TEXTS, type DepositDraft } from './deposit-rules.ts';
import { AmountSummary, DepositFlow, ProofField, StepCard } from './deposit-step.tsx';
import { PayableCoinChoice } from './payable-coin-choice.tsx';
import { useDepositEntry } from './use-deposit-entry.ts';
import { useDepositPayment } from './use-deposit-payment.ts';
import { WalletDetails } from './wallet-details.tsx';

const STEPS = ['Fund Your Account', 'Transaction Details'] as const;

/** /user/depo: amount and method, then the wallet and a required proof (specification section 4). */
export function DepoPage() {
  const entry = useDepositEntry(checkDepoEntry);

  return (
    <DepositFlow
      steps={STEPS}
      entry={{
        title: 'Fund Your Account',
        subtitle: 'Enter the amount and choose how you will pay.',
        submitLabel: 'Proceed to Payment',
        error: entry.error,
        hasMoved: entry.hasMoved,
        onSubmit: entry.submitEntry,
        fields: (
          <>
            <TextField
              label="Amount to Deposit"
              inputMode="decimal"
              autoComplete="off"
              placeholder="100.00"
              value={entry.amount}
              onChange={(event) => entry.setAmount(event.target.value)}
            />
            <PayableCoinChoice
              legend="Payment method"
              coins={COINS}
              value={entry.coin}
              onChange={entry.setCoin}
            />
          </>
        ),
      }}
      payment={
        entry.draft && (
          <TransactionStep draft={entry.draft} onBack={entry.clearDraft} onDeposited={entry.resetEntry} />
        )
      }
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
  const { chainAddress, gateway, submit, error, setError, isSubmitting } = useDepositPayment({
    coin,
    amount,
    waitMessage: 'Deposit Processing...',
    onDeposited,
  });
  const [hasPaid, setHasPaid] = useState(false);
  const [proof, setProof] = useState<File | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof) {
      setError(DEPOSIT_TEXTS.depoProofRequired);
      toast.error(DEPOSIT_TEXTS.depoProofRequired, { id: 'deposit-problem' });
      return;
    }
    void submit(proof);
  };

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
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <ProofField label="Proof of payment" onChange={setProof} focusOnShow />
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
              Back
            </Button>
            <Button type="submit" disabled={!gateway.isSuccess || isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Submit'}
            </Button>
          </div>
        </form>
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
