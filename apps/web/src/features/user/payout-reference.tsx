/**
 * The reference an administrator gave when paying a withdrawal out (its transaction id), shown where
 * the depositor follows the withdrawal, not only in the e-mail. Long ids wrap rather than widen a
 * phone's page.
 */
export function PayoutReference({ reference }: { reference: string | null }) {
  if (!reference) return null;
  return (
    <p className="text-xs text-slate-600">
      Payout reference: <span className="font-mono break-all text-slate-800">{reference}</span>
    </p>
  );
}
