import { type Coin, formatCoinConversion, type WithdrawalPayout } from '@vestora/shared';
import { TransactionLink } from './transaction-link.tsx';

/** Where an approved withdrawal's money is, in words. */
export function payoutStateText({ state, confirmations, requiredConfirmations }: WithdrawalPayout): string {
  switch (state) {
    case 'awaitingPayment':
      return 'Approved, awaiting payment';
    case 'broadcast':
      return `Sent, ${confirmations ?? 0} of ${requiredConfirmations ?? 0} confirmations`;
    case 'paid':
      return 'Paid';
  }
}

/** How often a list holding a payout that is not paid yet asks again. */
const UNPAID_POLL_MS = 10_000;

/**
 * A list's `refetchInterval`: every few seconds while one of its payouts is not paid yet, waiting
 * for its transaction or gaining confirmations, so the page follows it to Paid by itself.
 */
export function refetchWhileUnpaid(items: readonly { payout?: WithdrawalPayout | null }[] | undefined) {
  const isUnpaid = items?.some((item) => item.payout && item.payout.state !== 'paid');
  return isUnpaid ? UNPAID_POLL_MS : false;
}

/**
 * An approved withdrawal's payout, where the depositor follows it and where staff pay it: its
 * state, the coin amount and rate it was fixed at, and the transaction that paid it, linked to the
 * explorer when the chain showed it. A payout staff marked paid on their word says so, with the
 * reference they gave. Long ids wrap rather than widen a phone's page.
 */
export function PayoutNote({ payout, coin }: { payout: WithdrawalPayout; coin: Coin }) {
  const conversion = formatCoinConversion(payout.coinAmountBaseUnits, payout.usdCentsPerCoin, coin);
  const { txId, txUrl } = payout;
  return (
    <div className="space-y-0.5 text-xs text-slate-600">
      <p className="font-semibold text-slate-800">{payoutStateText(payout)}</p>
      {conversion && <p>{conversion}</p>}
      {payout.isVerified && txId && txUrl ? (
        <p>
          Transaction <TransactionLink txId={txId} txUrl={txUrl} />
        </p>
      ) : (
        <>
          {txId && (
            <p>
              Payout reference: <span className="font-mono break-all text-slate-800">{txId}</span>
            </p>
          )}
          {payout.state === 'paid' && (
            <p className="font-medium text-amber-800">Marked paid by staff; not checked on chain</p>
          )}
        </>
      )}
    </div>
  );
}
