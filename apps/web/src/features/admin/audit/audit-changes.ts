import type { AuditEntry } from '@vestora/shared';
import { usd } from '../../../ui/format.ts';

/** The acts the server records today, in words; an act not listed here shows its code. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.verify': 'User verified',
  'user.suspend': 'User suspended',
  'user.unsuspend': 'User unsuspended',
  'user.delete': 'User deleted',
  'user.close': 'Account closed by its owner',
  'user.credit': 'Balance credited',
  'user.debit': 'Balance debited',
  'deposit.approve': 'Deposit approved',
  'deposit.decline': 'Deposit declined',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.decline': 'Withdrawal declined',
  'plan.create': 'Plan created',
  'plan.update': 'Plan edited',
  'plan.retire': 'Plan retired',
  'plan.restore': 'Plan restored',
  'reserve.fund': 'Reserve funded',
  'support.reply': 'Support reply',
  'support.close': 'Ticket closed',
  'gateway.add': 'Gateway added',
  'gateway.delete': 'Gateway deleted',
  'change.propose': 'Change proposed for approval',
  'change.approve': 'Change approved',
  'change.reject': 'Change rejected',
  'rates.set': 'Exchange rates set',
  'settings.update': 'Site settings edited',
  'identity.approve': 'Identity documents approved',
  'identity.reject': 'Identity documents rejected',
  'identity.document.view': 'Identity document viewed',
  'account.data_export': 'Data downloaded by its owner',
  'apiKey.create': 'API key created',
  'apiKey.revoke': 'API key revoked',
  'webhook.create': 'Webhook endpoint added',
  'webhook.update': 'Webhook endpoint edited',
  'webhook.delete': 'Webhook endpoint deleted',
  'webhook.rotateSecret': 'Webhook secret rotated',
  'webhook.test': 'Webhook test event sent',
  'webhook.redeliver': 'Webhook delivery sent again',
};

export const AUDIT_TARGET_TYPES: Record<string, string> = {
  user: 'User',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  plan: 'Plan',
  reserve: 'Reserve',
  support_ticket: 'Support ticket',
  gateway: 'Gateway',
  admin_change: 'Change awaiting approval',
  exchange_rates: 'Exchange rates',
  site: 'Site settings',
  apiKey: 'API key',
  webhookEndpoint: 'Webhook endpoint',
  webhookDelivery: 'Webhook delivery',
};

export const actionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;
export const targetTypeLabel = (targetType: string) => AUDIT_TARGET_TYPES[targetType] ?? targetType;

/** One field of the target as the act left it: changed, newly set, or removed. */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "durationDays" → "Duration days". */
function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isUnset = (value: unknown) => value === null || value === undefined || value === '';

/** Amounts are USD and rates percents everywhere in the API, so they read as such here too. */
function showValue(key: string, value: unknown): string {
  if (isUnset(value)) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && /amount$/i.test(key)) return usd(value);
  if (typeof value === 'number' && key === 'rate') return `${value}%`;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * What an act changed, field by field, from the before and after snapshots the server stored.
 * Left out: fields that stayed the same, fields the act left unset (a decision without a reason),
 * and `_id`, which the target column already shows.
 */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = isFields(entry.before) ? entry.before : {};
  const after = isFields(entry.after) ? entry.after : {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => key !== '_id');
  return keys.flatMap((key) => {
    const hadBefore = key in before && !isUnset(before[key]);
    const hasAfter = key in after && !isUnset(after[key]);
    const was = showValue(key, before[key]);
    const is = showValue(key, after[key]);
    if (was === is) return [];
    return [{ field: fieldLabel(key), before: hadBefore ? was : null, after: hasAfter ? is : null }];
  });
}

/**
 * The target's own name where the snapshot carries one (a plan's name, a user's user name), for a
 * readable target column.
 */
export function targetName(entry: Pick<AuditEntry, 'before' | 'after'>): string | null {
  for (const snapshot of [entry.after, entry.before]) {
    if (!isFields(snapshot)) continue;
    const name = snapshot.name ?? snapshot.userName;
    if (typeof name === 'string') return name;
  }
  return null;
}
