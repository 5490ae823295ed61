import { type Coin, MESSAGES } from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { Notice } from '../../../ui/notice.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { CoinChoice } from './coin-choice.tsx';
import { usePayableCoins } from './deposit-coins-api.ts';

/** The coin choice of a deposit flow, limited to the coins the operator has a wallet address for. */
export function PayableCoinChoice<C extends Coin>({
  legend,
  coins,
  value,
  onChange,
}: {
  legend: string;
  coins: readonly C[];
  value: C | null;
  onChange: (coin: C) => void;
}) {
  const payable = usePayableCoins(coins);
  if (payable.isPending) {
    return (
      <p role="status" aria-label="Loading the coins you can pay with" className="text-sm text-slate-600">
        Loading the coins you can pay with…
      </p>
    );
  }
  if (payable.isError) return <ErrorNote message={errorMessage(payable.error)} />;
  if (payable.data.length === 0) {
    return (
      <Notice tone="warning" role="status">
        {MESSAGES.noDepositCoins}
      </Notice>
    );
  }
  return <CoinChoice legend={legend} coins={payable.data} value={value} onChange={onChange} />;
}
