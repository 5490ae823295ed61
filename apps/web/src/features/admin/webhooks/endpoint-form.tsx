import {
  UpdateWebhookEndpointRequestSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@vestora/shared';
import { useId } from 'react';
import { errorMessage } from '../../../client/api.ts';
import { FormActions, Modal } from '../../../ui/dialog.tsx';
import { FormError, TextField } from '../../../ui/field.tsx';
import { useZodForm } from '../../../ui/use-zod-form.ts';
import { useDialogKey } from '../dialog-key.ts';
import { EVENT_GROUPS } from './webhook-events.ts';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './webhooks-api.ts';

const CHECKBOX_CLASS = 'mt-0.5 h-4 w-4 shrink-0 accent-brand-700';

interface EndpointFormProps {
  /** The endpoint edited; none for a new one, which starts enabled. */
  endpoint: WebhookEndpoint | null;
  onDone: (created: WebhookEndpointWithSecret | null) => void;
  onCancel: () => void;
}

/**
 * The URL, a description and the event types (by area, with one box for all of them); when
 * editing, whether the endpoint receives events. A new endpoint is sent with one Idempotency-Key,
 * so the resend after the password prompt cannot add it twice.
 */
function EndpointForm({ endpoint, onDone, onCancel }: EndpointFormProps) {
  const createEndpoint = useCreateWebhookEndpoint();
  const updateEndpoint = useUpdateWebhookEndpoint(endpoint?.id ?? '');
  const dialogKey = useDialogKey();
  const allId = useId();
  const hintId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useZodForm(UpdateWebhookEndpointRequestSchema, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes: endpoint?.eventTypes ?? [],
      isEnabled: endpoint?.isEnabled ?? true,
    },
  });
  const chosen = watch('eventTypes');
  const isAllChosen = chosen.length === WEBHOOK_EVENT_TYPES.length;
  const isSomeChosen = chosen.length > 0 && !isAllChosen;
  const isBusy = createEndpoint.isPending || updateEndpoint.isPending;

  const chooseAll = (isChosen: boolean) =>
    setValue('eventTypes', isChosen ? [...WEBHOOK_EVENT_TYPES] : [], {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  const onSubmit = handleSubmit((body) => {
    const onError = (failed: unknown) => setError('root', { message: errorMessage(failed) });
    if (endpoint) updateEndpoint.mutate(body, { onSuccess: () => onDone(null), onError });
    else
      createEndpoint.mutate(
        { body, idempotencyKey: dialogKey.current() },
        { onSuccess: ({ data }) => onDone(data), onError },
      );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks"
        className="[&_input]:font-mono"
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField
        label="Description (optional)"
        autoComplete="off"
        placeholder="Accounting sync"
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset aria-describedby={hintId}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">Event types</legend>
        <p id={hintId} className="mb-2 text-xs text-slate-600">
          The endpoint is sent these events, each signed, in the order they happened.
        </p>
        <label
          htmlFor={allId}
          className="mb-2 flex cursor-pointer items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-2 text-sm font-medium text-slate-800"
        >
          <input
            id={allId}
            type="checkbox"
            checked={isAllChosen}
            ref={(box) => {
              if (box) box.indeterminate = isSomeChosen;
            }}
            onChange={(event) => chooseAll(event.target.checked)}
            className={CHECKBOX_CLASS}
          />
          All event types
        </label>
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.label} className="min-w-0">
              <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {group.label}
              </legend>
              <ul className="space-y-1">
                {group.types.map((type) => (
                  <li key={type}>
                    <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        value={type}
                        {...register('eventTypes')}
                        className={CHECKBOX_CLASS}
                      />
                      <span className="min-w-0">{WEBHOOK_EVENT_LABELS[type]}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
        {errors.eventTypes && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {errors.eventTypes.message ?? errors.eventTypes[0]?.message}
          </p>
        )}
      </fieldset>
      {endpoint && (
        <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" {...register('isEnabled')} className={CHECKBOX_CLASS} />
          <span>
            <span className="block font-medium">Enabled</span>
            <span className="block text-xs text-slate-600">
              Turned off, the endpoint is sent nothing; its waiting deliveries wait until it is on again.
            </span>
          </span>
        </label>
      )}
      <FormError message={errors.root?.message} />
      <FormActions
        submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
        busyLabel={endpoint ? 'Saving...' : 'Adding...'}
        isBusy={isBusy}
        onCancel={onCancel}
      />
    </form>
  );
}

/** Adds an endpoint, or edits `endpoint`; the form starts afresh at each opening. */
export function EndpointDialog({
  endpoint,
  onOpenChange,
  onDone,
}: {
  endpoint: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
  onDone: (created: WebhookEndpointWithSecret | null) => void;
}) {
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      description={
        endpoint
          ? 'Changes apply to the events from now on; deliveries already made keep what they sent.'
          : 'Events are sent by POST with the Standard Webhooks signature. The endpoint’s signing secret is shown once, after you add it.'
      }
    >
      <EndpointForm endpoint={endpoint} onDone={onDone} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}
