import { MESSAGES, type SupportTicket } from '@vestora/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { runInTransaction, type Transaction } from '../../lib/transaction.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { Actor } from '../sessions/actor.ts';
import { permissionsHeldBy } from '../staff/quorum.service.ts';
import { lockActiveUserOrFail } from '../users/users.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { ticketEventData } from '../webhooks/webhook-payloads.ts';
import {
  countOpenTickets,
  insertMessage,
  insertTicket,
  listTicketsWithMessages,
  lockTicket,
  setTicketStatus,
} from './support.repo.ts';

type ListFilter = Parameters<typeof listTicketsWithMessages>[1];

async function loadTickets(
  db: Executor,
  filter: ListFilter,
): Promise<{ data: SupportTicket[]; total: number }> {
  const { tickets, messages, total } = await listTicketsWithMessages(db, filter);
  const data = tickets.map(({ ticket, userName, fullName }) => ({
    _id: ticket.id,
    subject: ticket.subject,
    status: ticket.status,
    userId: ticket.userId,
    userName,
    fullName,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    messages: messages
      .filter(({ message }) => message.ticketId === ticket.id)
      .map(({ message, authorName }) => ({
        _id: message.id,
        body: message.body,
        isFromStaff: message.isFromStaff,
        authorName,
        createdAt: message.createdAt.toISOString(),
      })),
  }));
  return { data, total };
}

async function loadTicket(db: Executor, id: string): Promise<SupportTicket> {
  const [ticket] = (await loadTickets(db, { ids: [id], page: 1, pageSize: 1 })).data;
  if (!ticket) throw new AppError('NOT_FOUND', MESSAGES.supportTicketNotFound);
  return ticket;
}

/**
 * Locks the ticket for the change and checks who may touch it: its owner, or staff whose roles
 * answer tickets (an auditor reads them but writes in none, whichever route they try).
 */
async function lockOwnTicket(tx: Executor, actor: Actor, id: string) {
  const ticket = await lockTicket(tx, { id });
  const isOwn = ticket?.userId === actor.user.id;
  const isSupport =
    !isOwn && actor.hasAdminPowers && (await permissionsHeldBy(tx, actor.user.id)).has('support.reply');
  if (!ticket || (!isOwn && !isSupport)) throw new AppError('NOT_FOUND', MESSAGES.supportTicketNotFound);
  return ticket;
}

/** Runs in the caller's transaction: the route's, which also claims the Idempotency-Key. */
export async function openTicket(
  tx: Transaction,
  { actor, maxOpen }: { actor: Actor; maxOpen: number },
  input: { subject?: string; message: string },
): Promise<SupportTicket> {
  // One ticket of this user at a time past this point, so the count below cannot be raced.
  await lockActiveUserOrFail(tx, actor.user.id, 'update');
  if ((await countOpenTickets(tx, { userId: actor.user.id })) >= maxOpen) {
    throw new AppError('CONFLICT', MESSAGES.tooManyOpenTickets);
  }
  const subject = input.subject || input.message.split('\n')[0]?.slice(0, 80) || 'Support request';
  const ticket = await insertTicket(tx, { userId: actor.user.id, subject });
  await insertMessage(tx, {
    ticketId: ticket.id,
    authorId: actor.user.id,
    isFromStaff: false,
    body: input.message,
  });
  await emitWebhookEvent(tx, { type: 'ticket.opened', data: ticketEventData(ticket, 'user') });
  return loadTicket(tx, ticket.id);
}

export async function addUserMessage(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  message: string,
) {
  return runInTransaction(db, async (tx) => {
    const ticket = await lockOwnTicket(tx, actor, id);
    if (ticket.status === 'closed') throw new AppError('CONFLICT', MESSAGES.supportTicketClosed);
    await insertMessage(tx, { ticketId: id, authorId: actor.user.id, isFromStaff: false, body: message });
    await setTicketStatus(tx, { id, status: 'open', now });
    return loadTicket(tx, id);
  });
}

export async function replyAsStaff(
  db: Database,
  { actor, now }: { actor: Actor; now: Date },
  id: string,
  message: string,
) {
  return runInTransaction(db, async (tx) => {
    const ticket = await lockOwnTicket(tx, actor, id);
    await insertMessage(tx, { ticketId: id, authorId: actor.user.id, isFromStaff: true, body: message });
    await setTicketStatus(tx, { id, status: 'answered', now });
    await emitWebhookEvent(tx, {
      type: 'ticket.answered',
      data: ticketEventData({ ...ticket, status: 'answered' }, 'staff'),
    });
    await notify(tx, {
      userId: ticket.userId,
      kind: 'support',
      title: 'Support replied',
      body: `Our team answered your request “${ticket.subject}”.`,
      link: '/user/support',
    });
    await recordAudit(tx, actor, {
      action: 'support.reply',
      targetType: 'support_ticket',
      targetId: id,
      before: { status: ticket.status },
      after: { status: 'answered', message },
    });
    return loadTicket(tx, id);
  });
}

export async function closeTicket(db: Database, { actor, now }: { actor: Actor; now: Date }, id: string) {
  return runInTransaction(db, async (tx) => {
    const ticket = await lockOwnTicket(tx, actor, id);
    await setTicketStatus(tx, { id, status: 'closed', now });
    if (actor.hasAdminPowers) {
      await recordAudit(tx, actor, {
        action: 'support.close',
        targetType: 'support_ticket',
        targetId: id,
        before: { status: ticket.status },
        after: { status: 'closed' },
      });
    }
    return loadTicket(tx, id);
  });
}

export const listTickets = loadTickets;
