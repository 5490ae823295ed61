import { z } from 'zod';
import { TRANSACTION_STATUSES } from './transaction-kinds.ts';

/**
 * What happened, as operators' tools hear it. Each event is written to the outbox in the
 * transaction that caused it, so it exists exactly when its change committed, and delivered to
 * every endpoint subscribed to its type with the Standard Webhooks signature.
 */
export const WEBHOOK_EVENT_TYPES = [
  'deposit.detected',
  'deposit.confirmed',
  'deposit.credited',
  'deposit.declined',
  'withdrawal.requested',
  'withdrawal.approved',
  'withdrawal.paid',
  'withdrawal.declined',
  'user.registered',
  'user.verified',
  'user.suspended',
  'ticket.opened',
  'ticket.answered',
  'snapshot.published',
  'approval.pending',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only to the endpoint it was asked for, from the console's "Send test event". */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'deposit.detected': 'Deposit seen on chain',
  'deposit.confirmed': 'Deposit confirmed on chain',
  'deposit.credited': 'Deposit credited',
  'deposit.declined': 'Deposit declined',
  'withdrawal.requested': 'Withdrawal requested',
  'withdrawal.approved': 'Withdrawal approved',
  'withdrawal.paid': 'Withdrawal paid',
  'withdrawal.declined': 'Withdrawal declined',
  'user.registered': 'User registered',
  'user.verified': 'User verified',
  'user.suspended': 'User suspended',
  'ticket.opened': 'Support ticket opened',
  'ticket.answered': 'Support ticket answered',
  'snapshot.published': 'Proof-of-liabilities snapshot published',
  'approval.pending': 'Approval waiting',
};

/** Amounts are US dollars as numbers with two decimals, as everywhere in the API. */
const DepositEventSchema = z.object({
  depositId: z.string(),
  userId: z.string(),
  method: z.string(),
  amount: z.number(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The paying transaction, for a deposit seen on chain. */
  txHash: z.string().nullable(),
  /** The decision's note: why it was declined, or why a chain credit fell below the minimum. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});

const WithdrawalEventSchema = z.object({
  withdrawalId: z.string(),
  userId: z.string(),
  method: z.string(),
  amount: z.number(),
  address: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  payoutTxHash: z.string().nullable(),
  /** Why it was declined, for `withdrawal.declined`. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});

const UserEventSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** `none`, `basic` or `full`: for `user.verified`, the level reached. */
  verificationLevel: z.enum(['none', 'basic', 'full']),
  isSuspended: z.boolean(),
});

const TicketEventSchema = z.object({
  ticketId: z.string(),
  userId: z.string(),
  subject: z.string(),
  status: z.string(),
  /** Who wrote last: the user (`ticket.opened`) or staff (`ticket.answered`). */
  from: z.enum(['user', 'staff']),
});

const SnapshotEventSchema = z.object({
  snapshotId: z.string(),
  publishedAt: z.string(),
  /** US dollars owed to depositors in the snapshot. */
  totalLiabilities: z.number(),
  accounts: z.number(),
  rootHash: z.string(),
});

const ApprovalEventSchema = z.object({
  /** The pending change's id, or the withdrawal's for kind `withdrawal`. */
  approvalId: z.string(),
  /** `withdrawal` (a large one, after its first approval), or the kind of staff change proposed. */
  kind: z.string(),
  summary: z.string(),
  /** The staff member who proposed it, or gave a withdrawal its first approval. */
  proposedBy: z.string().nullable(),
  /** How many approvals it needs beyond its proposer's. */
  requiredApprovals: z.number(),
});

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'deposit.detected': DepositEventSchema,
  'deposit.confirmed': DepositEventSchema,
  'deposit.credited': DepositEventSchema,
  'deposit.declined': DepositEventSchema,
  'withdrawal.requested': WithdrawalEventSchema,
  'withdrawal.approved': WithdrawalEventSchema,
  'withdrawal.paid': WithdrawalEventSchema,
  'withdrawal.declined': WithdrawalEventSchema,
  'user.registered': UserEventSchema,
  'user.verified': UserEventSchema,
  'user.suspended': UserEventSchema,
  'ticket.opened': TicketEventSchema,
  'ticket.answered': TicketEventSchema,
  'snapshot.published': SnapshotEventSchema,
  'approval.pending': ApprovalEventSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** The data of one type of event, as its schema describes it. */
export type WebhookPayload<Type extends WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[Type]>;

/** One event as emitted: its type and the data its schema describes. */
export type WebhookEvent = {
  [Type in WebhookEventType]: { type: Type; data: z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[Type]> };
}[WebhookEventType];

/** The body of every delivery, as Standard Webhooks recommends: type, time and data. */
export function webhookEnvelopeSchema<Data extends z.ZodType>(type: string, data: Data) {
  return z.object({ type: z.literal(type), timestamp: z.string(), data });
}
