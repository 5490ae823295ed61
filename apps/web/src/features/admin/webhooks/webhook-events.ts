import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from '@vestora/shared';

type AreaOf<Type> = Type extends `${infer Area}.${string}` ? Area : never;
type EventArea = AreaOf<WebhookEventType>;

/** The form's groups, named as the console's own sections are. */
const AREA_LABELS: Record<EventArea, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  user: 'Users',
  ticket: 'Support',
  snapshot: 'Solvency',
  approval: 'Approvals',
};

/** The event types by area, each in the catalogue's order. */
export const EVENT_GROUPS = Object.entries(AREA_LABELS).map(([area, label]) => ({
  label,
  types: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith(`${area}.`)),
}));

const isEventType = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** A delivery's event as people read it; a type this console does not know yet, as sent. */
export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return isEventType(type) ? WEBHOOK_EVENT_LABELS[type] : type;
}
