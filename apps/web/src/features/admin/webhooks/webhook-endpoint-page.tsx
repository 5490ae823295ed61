import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@vestora/shared';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../client/api.ts';
import { Button } from '../../../ui/button.tsx';
import { CardSection } from '../../../ui/card.tsx';
import { copyText } from '../../../ui/copy-text.ts';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { FilterSelect } from '../../../ui/filter-select.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { ArrowLeftIcon, CopyIcon } from '../../../ui/icons.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTable } from '../../../ui/query-table.tsx';
import { PageSpinner } from '../../../ui/spinner.tsx';
import { Cell, ErrorNote, Row } from '../../../ui/table.tsx';
import { useListParams } from '../../../ui/use-list-params.ts';
import { useStaffPermissions } from '../staff/staff-permissions.ts';
import { DeliveryDetails } from './delivery-details.tsx';
import { EndpointDialog } from './endpoint-form.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { DELIVERY_STATUS_LABELS, DeliveryStatusBadge, EnabledBadge, StatusCode } from './webhook-badges.tsx';
import { eventLabel } from './webhook-events.ts';
import {
  DELIVERIES_PAGE_SIZE,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useWebhookDeliveries,
  useWebhookEndpoint,
} from './webhooks-api.ts';

const DELIVERY_COLUMNS = ['Event', 'Event id', 'Status', 'Attempts', 'Last answer', 'Created', 'Action'];

function BackLink() {
  return (
    <Link
      to="/admin/webhooks"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeftIcon width={16} height={16} aria-hidden="true" /> All webhooks
    </Link>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** The endpoint's changes, for config.manage: test, edit, rotate the secret, remove. */
function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const navigate = useNavigate();
  const sendTest = useSendWebhookTest(endpoint.id);
  const rotateSecret = useRotateWebhookSecret(endpoint.id);
  const deleteEndpoint = useDeleteWebhookEndpoint(endpoint.id);
  const [dialog, setDialog] = useState<'edit' | 'rotate' | 'delete' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
        {sendTest.isPending ? 'Sending...' : 'Send test event'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setDialog('edit')}>
        Edit
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setDialog('rotate')}>
        Rotate secret
      </Button>
      <Button variant="danger" size="sm" onClick={() => setDialog('delete')}>
        Delete
      </Button>

      {dialog === 'edit' && (
        <EndpointDialog endpoint={endpoint} onOpenChange={close} onDone={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog === 'rotate'}
        onOpenChange={close}
        title="Rotate the signing secret?"
        question={`A new secret signs every delivery from now on. For ${WEBHOOK_SECRET_OVERLAP_HOURS} hours the previous one signs too (each delivery carries both signatures), so the receiver keeps accepting deliveries while you give it the new secret.`}
        confirmLabel="Rotate secret"
        busyLabel="Rotating..."
        isBusy={rotateSecret.isPending}
        onConfirm={() =>
          rotateSecret.mutate(undefined, {
            onSuccess: ({ data }) => {
              setDialog(null);
              setSecret(data);
            },
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={close}
        title="Delete the endpoint?"
        question="Nothing more is sent to it, and its deliveries are removed with it."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        variant="danger"
        isBusy={deleteEndpoint.isPending}
        onConfirm={() =>
          deleteEndpoint.mutate(undefined, {
            onSuccess: () => void navigate('/admin/webhooks', { replace: true }),
          })
        }
      />
      {secret && <SecretDialog endpoint={secret} isRotated onClose={() => setSecret(null)} />}
    </div>
  );
}

function EndpointSummary({ endpoint, canManage }: { endpoint: WebhookEndpoint; canManage: boolean }) {
  return (
    <CardSection
      title="Endpoint"
      description={endpoint.description || undefined}
      actions={canManage && <EndpointActions endpoint={endpoint} />}
    >
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0 sm:col-span-2 lg:col-span-4">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">URL</dt>
          <dd className="mt-0.5 font-mono text-sm break-all text-slate-900">{endpoint.url}</dd>
        </div>
        <Fact term="Status">
          <EnabledBadge isEnabled={endpoint.isEnabled} />
        </Fact>
        <Fact term="Signing secret">
          <span className="font-mono">{endpoint.secretPrefix}…</span>
          {endpoint.previousSecretExpiresAt && (
            <span className="block text-xs text-slate-600">
              The previous one signs too until {formatDateTime(endpoint.previousSecretExpiresAt)}
            </span>
          )}
        </Fact>
        <Fact term="Deliveries">
          {endpoint.pendingDeliveries} waiting,{' '}
          <span className={endpoint.failedDeliveries > 0 ? 'font-semibold text-red-700' : ''}>
            {endpoint.failedDeliveries} failed
          </span>
        </Fact>
        <Fact term="Created">{formatDateTime(endpoint.createdAt)}</Fact>
        <div className="min-w-0 sm:col-span-2 lg:col-span-4">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Event types ({endpoint.eventTypes.length})
          </dt>
          <dd className="mt-1">
            <ul className="flex flex-wrap gap-1.5">
              {endpoint.eventTypes.map((type) => (
                <li
                  key={type}
                  title={type}
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100 ring-inset"
                >
                  {WEBHOOK_EVENT_LABELS[type]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </CardSection>
  );
}

/** The `webhook-id` the receiver saw: shortened in the table, copied whole. */
function EventId({ id }: { id: string }) {
  const copy = async () => {
    if (await copyText(id)) toast.success('Event id copied.');
    else toast.error('Copying is blocked here. Open the delivery and copy the id from its body.');
  };
  return (
    <span className="flex items-center gap-1">
      <span title={id} className="max-w-[9rem] truncate font-mono text-xs text-slate-700">
        {id}
      </span>
      <button
        type="button"
        aria-label="Copy the event id"
        onClick={() => void copy()}
        className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <CopyIcon width={14} height={14} aria-hidden="true" />
      </button>
    </span>
  );
}

function DeliveryRow({
  delivery,
  isOpen,
  onToggle,
  canRedeliver,
}: {
  delivery: WebhookDelivery;
  isOpen: boolean;
  onToggle: () => void;
  canRedeliver: boolean;
}) {
  const detailsId = useId();
  const label = eventLabel(delivery.eventType);
  return (
    <>
      <Row>
        <Cell label="Event" isWide className="font-medium text-slate-900">
          {label}
        </Cell>
        <Cell label="Event id">
          <EventId id={delivery.eventId} />
        </Cell>
        <Cell label="Status">
          <DeliveryStatusBadge status={delivery.status} />
          {delivery.status === 'pending' && delivery.nextAttemptAt && (
            <span className="mt-0.5 block text-xs text-slate-600">
              Next try {formatDateTime(delivery.nextAttemptAt)}
            </span>
          )}
        </Cell>
        <Cell label="Attempts" className="text-slate-700 tabular-nums">
          {delivery.attempts}
        </Cell>
        <Cell label="Last answer" className="text-sm">
          {delivery.attempts === 0 ? (
            <span className="text-slate-500">None yet</span>
          ) : (
            <StatusCode code={delivery.lastStatusCode} />
          )}
        </Cell>
        <Cell label="Created" className="text-xs text-slate-700 sm:whitespace-nowrap">
          {formatDateTime(delivery.createdAt)}
        </Cell>
        <Cell label="Action" isWide>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={isOpen}
            aria-controls={detailsId}
            aria-label={`${isOpen ? 'Hide' : 'Show'} the attempts of ${label} ${delivery.eventId}`}
            onClick={onToggle}
            className="max-sm:w-full"
          >
            {isOpen ? 'Hide' : 'Attempts'}
          </Button>
        </Cell>
      </Row>
      {isOpen && (
        <tr className="max-sm:block">
          <td id={detailsId} colSpan={DELIVERY_COLUMNS.length} className="bg-slate-50 px-4 py-4 max-sm:block">
            <DeliveryDetails deliveryId={delivery.id} canRedeliver={canRedeliver} />
          </td>
        </tr>
      )}
    </>
  );
}

function Deliveries({ endpointId, canRedeliver }: { endpointId: string; canRedeliver: boolean }) {
  const list = useListParams({ status: WEBHOOK_DELIVERY_STATUSES });
  const status = list.filterOf('status');
  const deliveries = useWebhookDeliveries(endpointId, list.page, status);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <section aria-labelledby="deliveries-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
            Deliveries
          </h2>
          <p className="text-sm text-slate-600">
            Newest first. A failed delivery can be sent again, with the same webhook-id.
          </p>
        </div>
        <FilterSelect
          label="Show"
          value={status ?? ''}
          options={[
            ['', 'All deliveries'],
            ...WEBHOOK_DELIVERY_STATUSES.map((value): [string, string] => [
              value,
              DELIVERY_STATUS_LABELS[value],
            ]),
          ]}
          onChange={(next) =>
            list.setFilter('status', WEBHOOK_DELIVERY_STATUSES.find((value) => value === next) ?? null)
          }
        />
      </div>
      <QueryTable
        query={deliveries}
        label="Deliveries"
        loadingLabel="Loading deliveries"
        columns={DELIVERY_COLUMNS}
        empty={status ? `No ${DELIVERY_STATUS_LABELS[status].toLowerCase()} delivery.` : 'Nothing sent yet.'}
        renderRow={(delivery) => (
          <DeliveryRow
            key={delivery.id}
            delivery={delivery}
            isOpen={openId === delivery.id}
            onToggle={() => setOpenId((current) => (current === delivery.id ? null : delivery.id))}
            canRedeliver={canRedeliver}
          />
        )}
        pagination={{
          page: list.page,
          pageSize: DELIVERIES_PAGE_SIZE,
          noun: 'deliveries',
          onPageChange: list.setPage,
        }}
      />
    </section>
  );
}

/** /admin/webhooks/:id: one endpoint, its deliveries and their attempts. */
export function WebhookEndpointPage({ id }: { id: string }) {
  const endpoint = useWebhookEndpoint(id);
  const { can } = useStaffPermissions();
  const canManage = can('config.manage');

  return (
    <section className="space-y-6">
      <div className="space-y-2">
        <BackLink />
        <PageHeader title="Webhook endpoint" />
      </div>
      {endpoint.isPending ? (
        <PageSpinner label="Loading the endpoint" />
      ) : endpoint.isError ? (
        <ErrorNote message={errorMessage(endpoint.error)} />
      ) : endpoint.data === null ? (
        <ErrorNote message={WEBHOOK_MESSAGES.endpointNotFound} />
      ) : (
        <>
          <EndpointSummary endpoint={endpoint.data} canManage={canManage} />
          <Deliveries endpointId={id} canRedeliver={canManage} />
        </>
      )}
    </section>
  );
}
