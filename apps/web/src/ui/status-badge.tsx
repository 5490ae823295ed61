import type { TransactionStatus } from '@vestora/shared';

const TONES: Record<TransactionStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 ring-amber-200',
  approved: 'bg-green-100 text-green-800 ring-green-200',
  rejected: 'bg-red-100 text-red-800 ring-red-200',
};

/** Pending yellow, approved green, rejected red (specification section 4). */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${TONES[status]}`}
    >
      {status}
    </span>
  );
}
