import { centsToUsd, type VerificationLevel, type WebhookPayload } from '@vestora/shared';
import type { deposits, supportTickets, users, withdrawals } from '../../db/schema/index.ts';

/**
 * The data of each event, built from the rows the services hold at the moment of the change: the
 * same shapes and units the API answers with (dollars, ISO times), and nothing secret.
 */

type DepositData = WebhookPayload<'deposit.credited'>;
type WithdrawalData = WebhookPayload<'withdrawal.requested'>;
type UserData = WebhookPayload<'user.registered'>;
type TicketData = WebhookPayload<'ticket.opened'>;

export function depositEventData(
  deposit: Pick<
    typeof deposits.$inferSelect,
    'id' | 'userId' | 'mode' | 'amountCents' | 'status' | 'decisionReason' | 'createdAt'
  >,
  txHash: string | null,
): DepositData {
  return {
    depositId: deposit.id,
    userId: deposit.userId,
    method: deposit.mode,
    amount: centsToUsd(deposit.amountCents),
    status: deposit.status,
    txHash,
    reason: deposit.decisionReason,
    createdAt: deposit.createdAt.toISOString(),
  };
}

export function withdrawalEventData(withdrawal: typeof withdrawals.$inferSelect): WithdrawalData {
  return {
    withdrawalId: withdrawal.id,
    userId: withdrawal.userId,
    method: withdrawal.method,
    amount: centsToUsd(withdrawal.amountCents),
    address: withdrawal.address,
    status: withdrawal.status,
    payoutTxHash: withdrawal.payoutTxHash,
    reason: withdrawal.decisionReason,
    createdAt: withdrawal.createdAt.toISOString(),
  };
}

/** Names and the address are what operators' CRMs key on; no document or credential goes out. */
export function userEventData(
  user: Pick<typeof users.$inferSelect, 'id' | 'userName' | 'fullName' | 'email' | 'suspended'>,
  verificationLevel: VerificationLevel,
): UserData {
  return {
    userId: user.id,
    userName: user.userName,
    fullName: user.fullName,
    email: user.email,
    verificationLevel,
    isSuspended: user.suspended,
  };
}

/** The ticket, not its messages: they may hold whatever the person wrote to support. */
export function ticketEventData(
  ticket: Pick<typeof supportTickets.$inferSelect, 'id' | 'userId' | 'subject' | 'status'>,
  from: TicketData['from'],
): TicketData {
  return { ticketId: ticket.id, userId: ticket.userId, subject: ticket.subject, status: ticket.status, from };
}
