/**
 * A transaction on its block explorer's page, opened in a new tab. The whole id wraps rather than
 * widen a phone's page; `isShort` shows its ends only, the whole id in the tooltip.
 */
export function TransactionLink({
  txId,
  txUrl,
  isShort = false,
}: {
  txId: string;
  txUrl: string;
  isShort?: boolean;
}) {
  return (
    <a
      href={txUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`font-mono text-brand-700 hover:underline ${isShort ? '' : 'break-all'}`}
      title={isShort ? txId : undefined}
    >
      {isShort ? `${txId.slice(0, 10)}…${txId.slice(-6)}` : txId}
      <span className="sr-only"> (transaction, opens in a new tab)</span>
    </a>
  );
}
