import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@vestora/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { Cell, Row } from '../../../ui/table.tsx';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import { EndpointDialog } from './endpoint-form.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { EnabledBadge } from './webhook-badges.tsx';
import { useWebhookEndpoints } from './webhooks-api.ts';

const COLUMNS = ['Endpoint', 'Events', 'Status', 'Deliveries', 'Created', 'Action'] as const;

/** How many types, and which ones a click away: fifteen labels would bury the table. */
function EventTypesSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  const count = endpoint.eventTypes.length;
  return (
    <details className="group text-xs text-slate-700">
      <summary className="cursor-pointer font-medium whitespace-nowrap text-brand-700 hover:underline">
        {count} event {count === 1 ? 'type' : 'types'}
      </summary>
      <ul className="mt-1 space-y-0.5">
        {endpoint.eventTypes.map((type) => (
          <li key={type}>{WEBHOOK_EVENT_LABELS[type]}</li>
        ))}
      </ul>
    </details>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Row>
      <Cell label="Endpoint" isWide className="max-w-md">
        {/* Two lines at most: the endpoint's page shows the whole URL. */}
        <p
          title={endpoint.url}
          className="line-clamp-2 font-mono text-xs [overflow-wrap:anywhere] text-slate-900"
        >
          {endpoint.url}
        </p>
        {endpoint.description && (
          <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-600">{endpoint.description}</p>
        )}
      </Cell>
      <Cell label="Events">
        <EventTypesSummary endpoint={endpoint} />
      </Cell>
      <Cell label="Status">
        <EnabledBadge isEnabled={endpoint.isEnabled} />
      </Cell>
      <Cell label="Deliveries" className="text-xs whitespace-nowrap text-slate-700">
        <span className="block">{endpoint.pendingDeliveries} waiting</span>
        <span className={`block ${endpoint.failedDeliveries > 0 ? 'font-semibold text-red-700' : ''}`}>
          {endpoint.failedDeliveries} failed
        </span>
      </Cell>
      <Cell label="Created" className="text-xs text-slate-700">
        {formatDateTime(endpoint.createdAt)}
      </Cell>
      <Cell label="Action" isWide>
        <Link
          to={`/admin/webhooks/${endpoint.id}`}
          aria-label={`Open the endpoint ${endpoint.description || endpoint.url}`}
          className={buttonClass('secondary', 'max-sm:w-full', 'sm')}
        >
          Open
        </Link>
      </Cell>
    </Row>
  );
}

/** /admin/webhooks: where the platform's events are sent, and a way to add one. */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const { can } = useStaffPermissions();
  const [isAdding, setIsAdding] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);

  return (
    <section className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="Your own tools hear of deposits, withdrawals, new users and more as they happen: each event is sent once it is committed, signed, and retried for a day."
      >
        {can('config.manage') && <Button onClick={() => setIsAdding(true)}>Add endpoint</Button>}
      </PageHeader>

      <QueryTable
        query={endpoints}
        label="Webhook endpoints"
        loadingLabel="Loading webhook endpoints"
        columns={COLUMNS}
        empty="No webhook endpoints yet."
        renderRow={(endpoint) => <EndpointRow key={endpoint.id} endpoint={endpoint} />}
      />

      {isAdding && (
        <EndpointDialog
          endpoint={null}
          onOpenChange={setIsAdding}
          onDone={(endpoint) => {
            setIsAdding(false);
            setCreated(endpoint);
          }}
        />
      )}
      {created && <SecretDialog endpoint={created} isRotated={false} onClose={() => setCreated(null)} />}
    </section>
  );
}
