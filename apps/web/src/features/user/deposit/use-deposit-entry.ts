import type { Coin } from '@vestora/shared';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import type { DepositDraft, DepositEntryCheck } from './deposit-rules.ts';

/**
 * The first step of a deposit flow: the amount as typed, the chosen coin, and the draft the payment
 * step works from once the page's own rule accepts them. Each flow passes its own rule, so its
 * minimum and messages stay on its page; a refusal shows under the form and as one toast.
 */
export function useDepositEntry<C extends Coin>(
  checkEntry: (amount: string, coin: C | null) => DepositEntryCheck<C>,
) {
  const [amount, setAmount] = useState('');
  const [coin, setCoin] = useState<C | null>(null);
  const [draft, setDraft] = useState<DepositDraft<C> | null>(null);
  const [hasMoved, setHasMoved] = useState(false);
  const [error, setError] = useState<string>();

  const submitEntry = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEntry(amount.trim(), coin);
    if ('problem' in checked) {
      setError(checked.problem);
      toast.error(checked.problem, { id: 'deposit-problem' });
      return;
    }
    setError(undefined);
    setHasMoved(true);
    setDraft(checked.draft);
  };

  /** After a deposit is sent the flow starts over, empty. */
  const resetEntry = () => {
    setAmount('');
    setCoin(null);
    setDraft(null);
  };

  return {
    amount,
    setAmount,
    coin,
    setCoin,
    draft,
    /** Back from the payment step, with the amount and coin still filled in. */
    clearDraft: () => setDraft(null),
    /** Whether the person has moved past the first step once, so coming back moves focus to it. */
    hasMoved,
    error,
    submitEntry,
    resetEntry,
  };
}
