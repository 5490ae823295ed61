import type { WebhookAttempt } from '@vestora/shared';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { ErrorNote } from '../../../ui/table.tsx';
import { StatusCode } from './webhook-badges.tsx';
import { useRedeliverWebhook, useWebhookDelivery } from './webhooks-api.ts';

/** The body sent, indented when it is JSON (it always is from this server). */
function readable(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** To the second: retries minutes apart, or a slow answer, read apart only there. */
const attemptTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

const PRE_CLASS =
  'max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]';

function AttemptItem({ attempt, number }: { attempt: WebhookAttempt; number: number }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900">Attempt {number}</span>
        <time dateTime={attempt.attemptedAt} className="text-slate-600">
          {attemptTime.format(new Date(attempt.attemptedAt))}
        </time>
        <span className="text-slate-600 tabular-nums">{attempt.durationMs} ms</span>
        <StatusCode code={attempt.statusCode} />
      </div>
      {attempt.error && <p className="mt-2 text-sm [overflow-wrap:anywhere] text-red-700">{attempt.error}</p>}
      {attempt.responseExcerpt && (
        <>
          <p className="mt-2 mb-1 text-xs font-medium text-slate-600">Answer (first kilobyte)</p>
          <pre className={PRE_CLASS}>{attempt.responseExcerpt}</pre>
        </>
      )}
    </li>
  );
}

/** One delivery opened: every attempt, the body sent, and a way to send it again. */
export function DeliveryDetails({ deliveryId, canRedeliver }: { deliveryId: string; canRedeliver: boolean }) {
  const delivery = useWebhookDelivery(deliveryId);
  const redeliver = useRedeliverWebhook();
  if (delivery.isPending) return <PageSpinner label="Loading the delivery" />;
  if (delivery.isError) return <ErrorNote message={errorMessage(delivery.error)} />;
  const { data } = delivery;

  return (
    <div className="space-y-3" aria-busy={delivery.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {data.attemptLog.length === 0 ? 'Not tried yet' : `Attempts (${data.attemptLog.length})`}
        </h3>
        {canRedeliver && (
          <Button
            variant="secondary"
            size="sm"
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate(data.id)}
          >
            {redeliver.isPending ? 'Queuing...' : 'Redeliver'}
          </Button>
        )}
      </div>
      {data.attemptLog.length > 0 && (
        <ol className="space-y-2">
          {data.attemptLog.map((attempt, index) => (
            <AttemptItem key={attempt.id} attempt={attempt} number={index + 1} />
          ))}
        </ol>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          Body sent
        </summary>
        <pre className={`mt-2 ${PRE_CLASS}`}>{readable(data.payload)}</pre>
      </details>
    </div>
  );
}
