import type { ChainDetails } from '@vestora/shared';
import { formatUsd } from '@vestora/shared';

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
  const shortTx = `${chain.txId.slice(0, 10)}…${chain.txId.slice(-6)}`;
  return (
    <div className="space-y-0.5 text-xs text-slate-600">
      <p>
        {chain.coinAmount} {coin.toUpperCase()}
        {chain.rate !== null && ` at ${formatUsd(Math.round(chain.rate * 100))}`} · {chain.confirmations} of{' '}
        {chain.requiredConfirmations} confirmations · {STATE_TEXTS[chain.state]}
      </p>
      <a
        href={chain.txUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="font-mono text-brand-700 hover:underline"
        title={chain.txId}
      >
        {shortTx}
        <span className="sr-only"> (transaction, opens in a new tab)</span>
      </a>
      {chain.isBelowMinimum && (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
          Below minimum
        </span>
      )}
    </div>
  );
}
