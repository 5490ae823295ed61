import type { WebhookDeliveryStatus } from '@vestora/shared';

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const STATUS_TONES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 ring-amber-200',
  succeeded: 'bg-green-100 text-green-800 ring-green-200',
  failed: 'bg-red-100 text-red-800 ring-red-200',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {DELIVERY_STATUS_LABELS[status]}
    </span>
  );
}

/** An answer's status code, coloured by its class; no answer at all (refused, timed out) says so. */
export function StatusCode({ code }: { code: number | null }) {
  if (code === null) return <span className="text-slate-500">No answer</span>;
  const tone = code >= 200 && code < 300 ? 'text-green-700' : 'text-red-700';
  return <span className={`font-mono font-semibold ${tone}`}>{code}</span>;
}

/** Whether the endpoint is sent events. */
export function EnabledBadge({ isEnabled }: { isEnabled: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        isEnabled ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'
      }`}
    >
      {isEnabled ? 'Enabled' : 'Off'}
    </span>
  );
}
