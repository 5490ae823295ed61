import type { ChainDetails } from '@vestora/shared';
import { formatUsd } from '@vestora/shared';
import { TransactionLink } from './transaction-link.tsx';

const STATE_TEXTS: Record<ChainDetails['state'], string> = {
  detected: 'seen on chain',
  confirming: 'confirming',
  credited: 'credited',
  orphaned: 'left the chain',
};

/**
 * What the blockchain says about a deposit paid to a user's own address: coin amount, rate,
 * confirmations and the transaction, linked to the explorer. Shown in the history and the console.
 */
export function ChainDetailsNote({ chain, coin }: { chain: ChainDetails; coin: string }) {
  return (
    <div className="space-y-0.5 text-xs text-slate-600">
      <p>
        {chain.coinAmount} {coin.toUpperCase()}
        {chain.rate !== null && ` at ${formatUsd(Math.round(chain.rate * 100))}`} · {chain.confirmations} of{' '}
        {chain.requiredConfirmations} confirmations · {STATE_TEXTS[chain.state]}
      </p>
      <TransactionLink txId={chain.txId} txUrl={chain.txUrl} isShort />
      {chain.isBelowMinimum && (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
          Below minimum
        </span>
      )}
    </div>
  );
}
